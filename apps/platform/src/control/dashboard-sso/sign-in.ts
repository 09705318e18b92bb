/**
 * Signing in to the dashboard through an organisation's OpenID provider.
 *
 * start: the organisation is found by the email's domain (or its slug); the browser goes to the
 * provider with state, nonce and a PKCE challenge, all kept in dashboard_sso_logins (any node may
 * get the callback). callback: the row is consumed, openid-client exchanges the code and checks the
 * ID token (issuer, audience, signature, nonce); the verified address, on one of the organisation's
 * domains, finds or creates the platform user, who joins the organisation with the configured role.
 * The dashboard session is the one password sign-in gives, handed over as GoTrue hands over every
 * PKCE flow: an auth code the studio exchanges at /auth/v1/token?grant_type=pkce with the verifier
 * of the challenge it sent to start, so a code seen in a URL is useless to anyone else.
 */
import { createHash } from 'node:crypto';
import type { BodyOf } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { roleAssignmentRefusal, type Plan } from '@plinth/plans';
import * as client from 'openid-client';
import { createFlowState, issueAuthCode } from '../../data-plane/auth/pkce.ts';
import { insertUser } from '../../data-plane/auth/new-users.ts';
import { isBanned, normaliseEmail } from '../../data-plane/auth/users.ts';
import type { Queryable } from '../../engines/types.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { providerConfiguration } from './oidc.ts';
import { callbackUrl, domainOf, SSO_PLANS, ssoRowOf, type SsoRow } from './settings.ts';

/** How long the browser has at the provider between start and callback. */
const LOGIN_TTL_MINUTES = 10;
const SCOPES = 'openid email profile';
const AMR_METHOD = 'sso/oidc';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Target {
  organization: { id: number; slug: string; plan: Plan };
  sso: SsoRow;
}

async function targetOf(q: Queryable, where: { domain?: string; slug?: string }): Promise<Target> {
  const { rows } = await q.query<{ id: number; slug: string; plan: Plan }>(
    where.domain !== undefined
      ? `select o.id, o.slug, o.plan from dashboard_sso_domains d join organizations o on o.id = d.organization_id where d.domain = $1`
      : 'select o.id, o.slug, o.plan from organizations o where o.slug = $1',
    [where.domain ?? where.slug],
  );
  const organization = rows[0];
  const sso = organization && SSO_PLANS.includes(organization.plan) ? await ssoRowOf(q, organization.id) : null;
  if (!organization || !sso || !sso.enabled) throw new PlinthError('sso_not_configured');
  return { organization, sso };
}

const settingsOf = (ctx: ControlContext, sso: SsoRow) => ({ issuer: sso.issuer, clientId: sso.client_id, clientSecret: ctx.secrets.decrypt(sso.client_secret_enc) });

/** POST /auth/sso/start: the provider's authorization URL for this email (or organisation). */
export async function startDashboardSso(ctx: ControlContext, body: BodyOf<'dashboardSsoStart'>): Promise<{ url: string }> {
  const { organization, sso } = await targetOf(ctx.db, body.email !== undefined ? { domain: domainOf(body.email) } : { slug: body.slug });
  const config = await providerConfiguration(settingsOf(ctx, sso));
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  await ctx.db.query('delete from dashboard_sso_logins where expires_at < now()');
  await ctx.db.query(
    `insert into dashboard_sso_logins (state_hash, organization_id, nonce, code_verifier_enc, client_code_challenge, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6::int))`,
    [sha256(state), organization.id, nonce, ctx.secrets.encrypt(verifier), body.code_challenge, LOGIN_TTL_MINUTES],
  );
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx),
    scope: SCOPES,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(body.email !== undefined ? { login_hint: body.email } : {}),
  });
  return { url: url.href };
}

interface LoginRow {
  organization_id: number;
  nonce: string;
  code_verifier_enc: string;
  client_code_challenge: string;
}

/** The sign-in a state names, consumed: a callback is accepted once, on whichever node gets it. */
async function takeLogin(q: Queryable, state: string | null): Promise<LoginRow> {
  const expired = new PlinthError('sso_login_failed', 'This sign-in has expired or was already used. Start again.');
  if (!state) throw expired;
  const { rows } = await q.query<LoginRow & { is_live: boolean }>(
    `delete from dashboard_sso_logins where state_hash = $1
     returning organization_id, nonce, code_verifier_enc, client_code_challenge, expires_at > now() as is_live`,
    [sha256(state)],
  );
  if (!rows[0]?.is_live) throw expired;
  return rows[0];
}

interface VerifiedAccount {
  email: string;
  name: string | null;
}

/** Code -> tokens -> the ID token's (or userinfo's) verified address. */
async function verifiedAccount(ctx: ControlContext, config: client.Configuration, params: URLSearchParams, login: LoginRow): Promise<VerifiedAccount> {
  const current = new URL(callbackUrl(ctx));
  for (const [key, value] of params) current.searchParams.append(key, value);
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: ctx.secrets.decrypt(login.code_verifier_enc),
      expectedState: params.get('state')!,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    const info = typeof idClaims.email === 'string' || !config.serverMetadata().userinfo_endpoint
      ? {}
      : await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...info, ...idClaims };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PlinthError('sso_login_failed', `The identity provider's answer could not be verified: ${reason}`);
  }
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  if (typeof claims.email !== 'string' || !verified) throw new PlinthError('sso_login_failed', 'The identity provider did not give a verified email address.');
  return { email: normaliseEmail(claims.email), name: typeof claims.name === 'string' && claims.name !== '' ? claims.name : null };
}

/** The platform user with this address, made if there is none; a confirmed, unbanned account. */
async function findOrCreateUser(tx: Queryable, account: VerifiedAccount): Promise<{ userId: string; isNew: boolean }> {
  const { rows } = await tx.query<{ id: string; confirmed: boolean; banned_until: unknown }>(
    'select id, email_confirmed_at is not null as confirmed, banned_until from auth.users where lower(email) = $1 and deleted_at is null',
    [account.email],
  );
  const existing = rows[0];
  if (!existing) {
    const userId = await insertUser(tx, { email: account.email, emailConfirmed: true, userMetadata: account.name ? { full_name: account.name } : {} });
    await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
    return { userId, isNew: true };
  }
  if (isBanned(existing.banned_until)) throw new PlinthError('user_banned');
  if (!existing.confirmed) {
    // Whoever signed up with this address never proved it: the provider has. Their password and
    // sessions go, so a sign-up made in someone else's name cannot ride on this sign-in.
    await tx.query('update auth.users set encrypted_password = null, email_confirmed_at = now() where id = $1', [existing.id]);
    await tx.query('delete from auth.sessions where user_id = $1', [existing.id]);
  }
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [existing.id]);
  return { userId: existing.id, isNew: false };
}

/** Adds the user with the configured role unless already a member; returns the role given, if any. */
async function joinOrganization(tx: Queryable, target: Target, userId: string): Promise<string | null> {
  const locked = await tx.query<{ plan: Plan }>('select plan from organizations where id = $1 for update', [target.organization.id]);
  const member = await tx.query('select 1 from members where organization_id = $1 and user_id = $2', [target.organization.id, userId]);
  if (member.rows.length > 0) return null;
  const refusal = roleAssignmentRefusal(locked.rows[0].plan, target.sso.default_role, 0);
  if (refusal) throw new PlinthError(refusal);
  await tx.query('insert into members (organization_id, user_id, role) values ($1, $2, $3)', [target.organization.id, userId, target.sso.default_role]);
  return target.sso.default_role;
}

/** GET /auth/sso/callback: where the browser goes next, with the auth code or the reason it failed. */
export async function completeDashboardSso(ctx: ControlContext, params: URLSearchParams, ip: string | null): Promise<string> {
  const landing = new URL('/sign-in/sso', ctx.config.publicUrl);
  try {
    const login = await takeLogin(ctx.db, params.get('state'));
    const providerError = params.get('error');
    if (providerError) throw new PlinthError('sso_login_failed', `The identity provider refused the sign-in: ${params.get('error_description') || providerError}`);
    const { rows } = await ctx.db.query<{ slug: string }>('select slug from organizations where id = $1', [login.organization_id]);
    const target = await targetOf(ctx.db, { slug: rows[0]?.slug ?? '' });
    const account = await verifiedAccount(ctx, await providerConfiguration(settingsOf(ctx, target.sso)), params, login);
    if (!target.sso.domains.includes(domainOf(account.email))) {
      throw new PlinthError('sso_login_failed', `${domainOf(account.email)} addresses do not sign in through this organization's identity provider.`);
    }
    const code = await ctx.db.transaction(async (tx) => {
      const { userId, isNew } = await findOrCreateUser(tx, account);
      const actor: Actor = { userId, email: account.email, ip };
      const joinedAs = await joinOrganization(tx, target, userId);
      if (isNew) await recordAudit(tx, actor, { action: 'account.create', organizationSlug: target.organization.slug, target: `${account.email} (SSO)` });
      if (joinedAs) await recordAudit(tx, actor, { action: 'member.join', organizationSlug: target.organization.slug, target: `${account.email} as ${joinedAs} (SSO)` });
      await recordAudit(tx, actor, { action: 'account.sso_sign_in', organizationSlug: target.organization.slug, target: target.sso.issuer });
      const flow = await createFlowState(tx, { challenge: login.client_code_challenge, method: 's256' }, { userId, provider: 'sso', method: AMR_METHOD });
      return issueAuthCode(tx, flow, userId);
    });
    landing.searchParams.set('code', code);
  } catch (error) {
    if (!(error instanceof PlinthError) || error.status >= 500) throw error;
    landing.searchParams.set('error', error.message);
  }
  return landing.href;
}
