import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import { audit } from './audit.ts';
import type { AuthContext, RequestMeta, Session } from './context.ts';
import { customizeClaims } from './hooks.ts';
import { newRefreshToken, type AccessTokenClaims, type Aal, type AmrEntry } from './tokens.ts';
import { getUser, isBanned, isUuid } from './users.ts';

export type LogoutScope = 'global' | 'local' | 'others';

interface SessionRow {
  id: string;
  user_id: string;
  aal: Aal;
}

/** Signs an access token for the session's current state (aal, amr) and pairs it with `refreshToken`. */
export async function presentSession(ctx: AuthContext, q: Queryable, session: SessionRow, refreshToken: string): Promise<Session> {
  const user = await getUser(q, session.user_id);
  const amr = await q.query<{ method: string; at: number }>(
    `select authentication_method as method, extract(epoch from created_at)::float8 as at
       from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
    [session.id],
  );
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = ctx.config.jwtExpirySeconds;
  const amrEntries = amr.rows.map((r): AmrEntry => ({ method: r.method, timestamp: Math.floor(Number(r.at)) }));
  const claims = await customizeClaims(
    ctx,
    q,
    {
      iss: ctx.config.issuer,
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: user.phone,
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: user.role,
      aal: session.aal,
      amr: amrEntries,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
      // The hook sees what the token will hold; the signer sets iat and exp to the same values.
      iat: now,
      exp: now + expiresIn,
    },
    amrEntries[0]?.method ?? 'password',
  );
  const { iat: _iat, exp: _exp, ...signed } = claims;
  const accessToken = await ctx.signer.sign(signed as Omit<AccessTokenClaims, 'iat' | 'exp'>, expiresIn, now);
  return { access_token: accessToken, token_type: 'bearer', expires_in: expiresIn, expires_at: now + expiresIn, refresh_token: refreshToken, user };
}

export async function insertRefreshToken(q: Queryable, session: SessionRow, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await q.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
    token, session.user_id, session.id, parent,
  ]);
  return token;
}

/** A new aal1 session after a first-factor sign-in (password or sign-up). */
export async function startSession(ctx: AuthContext, q: Queryable, userId: string, method: string, meta: RequestMeta): Promise<Session> {
  // "Single session per user": a new sign-in ends the others.
  if (ctx.config.isSingleSessionPerUser) await q.query('delete from auth.sessions where user_id = $1', [userId]);
  const timebox = ctx.config.sessionTimeboxSeconds;
  const { rows } = await q.query<SessionRow>(
    `insert into auth.sessions (user_id, aal, ip, user_agent, not_after)
     values ($1, $2, $3, $4, case when $5::int > 0 then now() + make_interval(secs => $5::int) end) returning id, user_id, aal`,
    [userId, 'aal1', meta.ip ?? null, meta.userAgent ?? null, timebox],
  );
  await q.query('insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)', [rows[0].id, method]);
  return presentSession(ctx, q, rows[0], await insertRefreshToken(q, rows[0], null));
}

type RefreshOutcome = { session: Session } | { reused: SessionRow & { email: string } } | { expired: string };

/**
 * Rotates a refresh token. A revoked token presented again within the reuse interval gets the
 * session with its still-active child (concurrent refreshes from two tabs); later, it is treated
 * as theft and the whole session is ended (GoTrue's reuse detection).
 */
export async function refreshSession(ctx: AuthContext, token: string): Promise<Session> {
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const { rows } = await tx.query<SessionRow & { token_id: string; revoked: boolean; age: number; idle: number; banned_until: unknown; email: string }>(
      `select rt.id as token_id, rt.revoked, extract(epoch from now() - rt.updated_at)::float8 as age,
              extract(epoch from now() - coalesce(s.refreshed_at, s.created_at))::float8 as idle,
              s.id, s.user_id, s.aal, u.banned_until, u.email
         from auth.refresh_tokens rt
         join auth.sessions s on s.id = rt.session_id
         join auth.users u on u.id = s.user_id
        where rt.token = $1 and (s.not_after is null or s.not_after > now()) and u.deleted_at is null
        for update of rt`,
      [token],
    );
    const row = rows[0];
    if (!row) throw new PlinthError('refresh_token_not_found');
    if (isBanned(row.banned_until)) throw new PlinthError('user_banned');
    const inactivity = ctx.config.sessionInactivitySeconds;
    if (inactivity > 0 && Number(row.idle) > inactivity) return { expired: row.id };
    const session = { id: row.id, user_id: row.user_id, aal: row.aal };
    if (!ctx.config.isRefreshTokenRotation && !row.revoked) {
      // Without rotation the token stays valid and is handed back as it is.
      await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
      return { session: await presentSession(ctx, tx, session, token) };
    }
    if (row.revoked) {
      const child = await tx.query<{ token: string }>(
        'select token from auth.refresh_tokens where parent = $1 and not revoked order by id desc limit 1',
        [token],
      );
      if (child.rows[0] && row.age <= ctx.config.refreshTokenReuseIntervalSeconds) {
        return { session: await presentSession(ctx, tx, session, child.rows[0].token) };
      }
      return { reused: { ...session, email: row.email } };
    }
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.token_id]);
    await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
    return { session: await presentSession(ctx, tx, session, await insertRefreshToken(tx, session, token)) };
  });
  if ('expired' in outcome) {
    await ctx.db.query('delete from auth.sessions where id = $1', [outcome.expired]);
    throw new PlinthError('session_expired');
  }
  if ('reused' in outcome) {
    // Outside the transaction above so that ending the session is not rolled back by the error.
    await ctx.db.query('delete from auth.sessions where id = $1', [outcome.reused.id]);
    audit(ctx, 'token_revoked', { id: outcome.reused.user_id, username: outcome.reused.email }, { traits: { reason: 'refresh_token_reused' } });
    throw new PlinthError('refresh_token_already_used');
  }
  return outcome.session;
}

/** Signature, expiry, and that the session still exists: a signed-out token stops working at once. */
export async function verifyAccessToken(ctx: AuthContext, token: string): Promise<AccessTokenClaims> {
  const payload = await ctx.signer.verify(token);
  if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string' || !isUuid(payload.session_id)) {
    throw new PlinthError('invalid_jwt');
  }
  const { rows } = await ctx.db.query<{ aal: Aal }>(
    'select aal from auth.sessions where id = $1 and user_id::text = $2 and (not_after is null or not_after > now())',
    [payload.session_id, payload.sub],
  );
  if (!rows[0]) throw new PlinthError('session_not_found');
  return payload as AccessTokenClaims;
}

export async function logout(ctx: AuthContext, claims: AccessTokenClaims, scope: LogoutScope): Promise<void> {
  // Refresh tokens and amr claims go with their session (on delete cascade).
  if (scope === 'local') {
    await ctx.db.query('delete from auth.sessions where id = $1', [claims.session_id]);
  } else if (scope === 'global') {
    await ctx.db.query('delete from auth.sessions where user_id = $1', [claims.sub]);
  } else {
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [claims.sub, claims.session_id]);
  }
}
