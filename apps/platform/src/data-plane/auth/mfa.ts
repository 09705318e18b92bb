import { PlinthError } from '@plinth/errors';
import type { AuthContext, RequestMeta, Session } from './context.ts';
import { qrSvg } from './qr.ts';
import { insertRefreshToken, presentSession } from './sessions.ts';
import type { AccessTokenClaims } from './tokens.ts';
import { generateTotpSecret, matchTotp, totpUri } from './totp.ts';
import { getUser, hasVerifiedFactor, isUuid } from './users.ts';

export const CHALLENGE_TTL_SECONDS = 300;
const MAX_FACTORS_PER_USER = 10;

interface FactorRow {
  id: string;
  user_id: string;
  status: 'unverified' | 'verified';
  secret: string;
  last_used_step: string | number | null;
}

export interface EnrolledFactor {
  id: string;
  type: 'totp';
  friendly_name: string | null;
  /** qr_code is SVG markup; auth-js itself prefixes it with `data:image/svg+xml;utf-8,`. */
  totp: { qr_code: string; secret: string; uri: string };
}

async function ownFactor(ctx: AuthContext, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw new PlinthError('mfa_factor_not_found');
  const { rows } = await ctx.db.query<FactorRow>(
    'select id, user_id, status, secret, last_used_step from auth.mfa_factors where id = $1 and user_id = $2',
    [factorId, userId],
  );
  if (!rows[0]) throw new PlinthError('mfa_factor_not_found');
  return rows[0];
}

/**
 * Once a user has a verified factor, adding or removing factors needs an aal2 session: otherwise a
 * stolen password would let an attacker enrol (and verify) a factor of their own.
 */
async function assertAal2IfProtected(ctx: AuthContext, claims: AccessTokenClaims): Promise<void> {
  if (claims.aal !== 'aal2' && (await hasVerifiedFactor(ctx.db, claims.sub))) throw new PlinthError('insufficient_aal');
}

export async function enrollTotp(
  ctx: AuthContext,
  claims: AccessTokenClaims,
  input: { friendlyName?: string; issuer?: string },
): Promise<EnrolledFactor> {
  await assertAal2IfProtected(ctx, claims);
  const user = await getUser(ctx.db, claims.sub);
  if (user.factors.length >= MAX_FACTORS_PER_USER) throw new PlinthError('too_many_enrolled_mfa_factors');
  const friendlyName = input.friendlyName || null;
  if (friendlyName && user.factors.some((f) => f.friendly_name === friendlyName)) throw new PlinthError('mfa_factor_name_conflict');
  const secret = generateTotpSecret();
  let rows: { id: string }[];
  try {
    ({ rows } = await ctx.db.query<{ id: string }>(
      `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret) values ($1, $2, 'totp', 'unverified', $3) returning id`,
      [user.id, friendlyName, secret],
    ));
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new PlinthError('mfa_factor_name_conflict');
    throw error;
  }
  const uri = totpUri(secret, input.issuer || ctx.config.totpIssuer, user.email || user.id);
  return { id: rows[0].id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: await qrSvg(uri), secret, uri } };
}

export async function challengeFactor(
  ctx: AuthContext,
  claims: AccessTokenClaims,
  factorId: string,
  meta: RequestMeta,
): Promise<{ id: string; type: 'totp'; expires_at: number }> {
  const factor = await ownFactor(ctx, claims.sub, factorId);
  const { rows } = await ctx.db.query<{ id: string; created: number }>(
    'insert into auth.mfa_challenges (factor_id, ip) values ($1, $2) returning id, extract(epoch from created_at)::float8 as created',
    [factor.id, meta.ip ?? null],
  );
  return { id: rows[0].id, type: 'totp', expires_at: Math.floor(Number(rows[0].created)) + CHALLENGE_TTL_SECONDS };
}

/** Checks a TOTP code against a challenge; on success the caller's session becomes aal2. */
export async function verifyFactor(
  ctx: AuthContext,
  claims: AccessTokenClaims,
  factorId: string,
  input: { challengeId: string; code: string },
  meta: RequestMeta,
): Promise<Session> {
  await ctx.limiter.hit(`verify:${meta.ip ?? ''}:${claims.sub}`);
  const factor = await ownFactor(ctx, claims.sub, factorId);
  if (factor.status === 'unverified') await assertAal2IfProtected(ctx, claims);
  if (!isUuid(input.challengeId)) throw new PlinthError('mfa_challenge_not_found');
  const challenge = await ctx.db.query<{ age: number }>(
    'select extract(epoch from now() - created_at)::float8 as age from auth.mfa_challenges where id = $1 and factor_id = $2',
    [input.challengeId, factor.id],
  );
  if (!challenge.rows[0]) throw new PlinthError('mfa_challenge_not_found');
  if (challenge.rows[0].age > CHALLENGE_TTL_SECONDS) {
    await ctx.db.query('delete from auth.mfa_challenges where id = $1', [input.challengeId]);
    throw new PlinthError('mfa_challenge_expired');
  }
  const step = matchTotp(factor.secret, input.code);
  const lastUsed = factor.last_used_step === null ? null : Number(factor.last_used_step);
  // A code is good once: a step at or before the last accepted one is a replay.
  if (step === null || (lastUsed !== null && step <= lastUsed)) throw new PlinthError('mfa_verification_failed');

  return ctx.db.transaction(async (tx) => {
    const used = await tx.query(
      `update auth.mfa_factors set status = 'verified', last_used_step = $2, updated_at = now()
        where id = $1 and (last_used_step is null or last_used_step < $2)`,
      [factor.id, step],
    );
    if (used.affectedRows === 0) throw new PlinthError('mfa_verification_failed'); // a concurrent verify won
    await tx.query('delete from auth.mfa_challenges where id = $1', [input.challengeId]);
    const sessions = await tx.query<{ id: string; user_id: string }>(
      `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1 and user_id = $3 returning id, user_id`,
      [claims.session_id, factor.id, claims.sub],
    );
    if (!sessions.rows[0]) throw new PlinthError('session_not_found');
    await tx.query(
      `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, 'totp')
       on conflict (session_id, authentication_method) do update set created_at = now(), updated_at = now()`,
      [claims.session_id],
    );
    // Tokens minted at aal1 are retired; the new one is their child, so the reuse interval applies.
    const retired = await tx.query<{ token: string }>(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked returning token',
      [claims.session_id],
    );
    const session = { ...sessions.rows[0], aal: 'aal2' as const };
    return presentSession(ctx, tx, session, await insertRefreshToken(tx, session, retired.rows.at(-1)?.token ?? null));
  });
}

export async function unenrollFactor(ctx: AuthContext, claims: AccessTokenClaims, factorId: string): Promise<{ id: string }> {
  const factor = await ownFactor(ctx, claims.sub, factorId);
  await assertAal2IfProtected(ctx, claims);
  await ctx.db.transaction(async (tx) => {
    // Sessions that reached aal2 through this factor fall back to aal1.
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
          and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id]);
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  });
  return { id: factor.id };
}
