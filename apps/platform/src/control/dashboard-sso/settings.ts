/**
 * An organisation's dashboard single sign-on settings (Organization settings > SSO): read by its
 * members, set by owners and administrators on the plans that include it (Team, Enterprise). Saving
 * discovers the provider first, so a wrong issuer is caught here rather than at the next sign-in.
 */
import type { BodyOf, DashboardSso } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource, type Role } from '@plinth/permissions';
import { PLAN_FACTS, PLAN_NAMES, PLANS, type Plan } from '@plinth/plans';
import type { Queryable } from '../../engines/types.ts';
import { authorize, membershipBySlug } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { checkProvider } from './oidc.ts';

export interface SsoRow {
  organization_id: number;
  issuer: string;
  client_id: string;
  client_secret_enc: string;
  enabled: boolean;
  enforced: boolean;
  default_role: Exclude<Role, 'Owner'>;
  domains: string[];
}

/** The plans whose organisations may sign in to the dashboard through their own provider. */
export const SSO_PLANS: Plan[] = PLANS.filter((plan) => PLAN_FACTS[plan].dashboardSso);

/**
 * Addresses anyone can get: routing one of these to an organisation's provider would let that
 * provider vouch for strangers' accounts.
 */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com', 'icloud.com', 'me.com',
  'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.net', 'mail.com', 'yandex.com', 'zoho.com', 'fastmail.com',
]);

export const callbackUrl = (ctx: ControlContext) => `${ctx.config.publicUrl}/api/platform/auth/sso/callback`;
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export async function ssoRowOf(q: Queryable, organizationId: number): Promise<SsoRow | null> {
  const { rows } = await q.query<SsoRow>(
    `select s.organization_id, s.issuer, s.client_id, s.client_secret_enc, s.enabled, s.enforced, s.default_role,
            coalesce((select array_agg(d.domain order by d.domain) from dashboard_sso_domains d where d.organization_id = s.organization_id), '{}'::text[]) as domains
       from dashboard_sso s where s.organization_id = $1`,
    [organizationId],
  );
  return rows[0] ?? null;
}

function present(ctx: ControlContext, plan: Plan, row: SsoRow | null): DashboardSso {
  return {
    available_in_plan: PLAN_FACTS[plan].dashboardSso,
    configured: row !== null,
    issuer: row?.issuer ?? null,
    client_id: row?.client_id ?? null,
    has_client_secret: row !== null,
    domains: row?.domains ?? [],
    enabled: row?.enabled ?? false,
    enforced: row?.enforced ?? false,
    default_role: row?.default_role ?? 'Developer',
    callback_url: callbackUrl(ctx),
  };
}

export async function getDashboardSso(ctx: ControlContext, actor: Actor, slug: string): Promise<DashboardSso> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  return present(ctx, organization.plan, await ssoRowOf(ctx.db, organization.id));
}

/**
 * A domain may route to this organisation when it is no public mail service, no other organisation
 * routes it, and one of this organisation's owners or administrators has a confirmed address on it.
 */
async function assertDomainsRoutable(q: Queryable, organizationId: number, domains: string[]): Promise<void> {
  const publicDomain = domains.find((domain) => PUBLIC_MAIL_DOMAINS.has(domain));
  if (publicDomain) throw new PlinthError('sso_domain_unavailable', `${publicDomain} is a public email service and cannot be routed to single sign-on.`);
  const taken = await q.query<{ domain: string }>('select domain from dashboard_sso_domains where domain = any($1::text[]) and organization_id <> $2', [domains, organizationId]);
  if (taken.rows[0]) throw new PlinthError('sso_domain_unavailable', `${taken.rows[0].domain} is already routed to another organization.`);
  const { rows } = await q.query<{ email: string }>(
    `select u.email from members m join auth.users u on u.id = m.user_id
      where m.organization_id = $1 and m.role in ('Owner', 'Administrator') and u.email_confirmed_at is not null and u.deleted_at is null`,
    [organizationId],
  );
  const held = new Set(rows.map((row) => domainOf(row.email)));
  const unproven = domains.find((domain) => !held.has(domain));
  if (unproven) throw new PlinthError('sso_domain_unavailable', `${unproven} is not the email domain of any owner or administrator of this organization.`);
}

/** Two organisations saving the same domain at once: the second meets the primary key. */
async function domainsClaimedOnce(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new PlinthError('sso_domain_unavailable', 'One of these domains is already routed to another organization.');
    throw error;
  }
}

export async function updateDashboardSso(ctx: ControlContext, actor: Actor, slug: string, body: BodyOf<'dashboardSsoUpdate'>): Promise<DashboardSso> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  if (!PLAN_FACTS[organization.plan].dashboardSso) {
    throw new PlinthError('plan_feature_unavailable', `SSO for the dashboard needs the Team plan or above. This organization is on the ${PLAN_NAMES[organization.plan]} plan.`);
  }
  const domains = [...new Set(body.domains)];
  if (body.enabled && domains.length === 0) throw new PlinthError('validation_failed', 'Add at least one email domain to turn SSO on.');
  if (body.enforced && !body.enabled) throw new PlinthError('validation_failed', 'Turn SSO on before requiring it.');
  const current = await ssoRowOf(ctx.db, organization.id);
  const secret = body.client_secret ?? (current ? ctx.secrets.decrypt(current.client_secret_enc) : null);
  if (!secret) throw new PlinthError('validation_failed', 'Enter the client secret.');
  await assertDomainsRoutable(ctx.db, organization.id, domains);
  await checkProvider({ issuer: body.issuer, clientId: body.client_id, clientSecret: secret });
  await domainsClaimedOnce(() => ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into dashboard_sso (organization_id, issuer, client_id, client_secret_enc, enabled, enforced, default_role, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (organization_id) do update set issuer = excluded.issuer, client_id = excluded.client_id, client_secret_enc = excluded.client_secret_enc,
         enabled = excluded.enabled, enforced = excluded.enforced, default_role = excluded.default_role, updated_by = excluded.updated_by, updated_at = now()`,
      [organization.id, body.issuer.replace(/\/+$/, ''), body.client_id, ctx.secrets.encrypt(secret), body.enabled, body.enforced, body.default_role, actor.userId],
    );
    await tx.query('delete from dashboard_sso_domains where organization_id = $1', [organization.id]);
    if (domains.length > 0) {
      await tx.query('insert into dashboard_sso_domains (domain, organization_id) select unnest($1::text[]), $2', [domains, organization.id]);
    }
    const state = body.enabled ? (body.enforced ? 'on, required' : 'on') : 'off';
    await recordAudit(tx, actor, { action: 'organization.sso_update', organizationSlug: slug, target: `${body.issuer} (${state}; ${domains.join(', ') || 'no domains'})` });
  }));
  return present(ctx, organization.plan, await ssoRowOf(ctx.db, organization.id));
}
