import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_PATTERN, type AccessToken, type AccessTokenCreated, type BodyOf, type TokenScope } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';

/** A verified personal access token: whose it is and what it is limited to (null: nothing beyond the user's role). */
export interface AccessTokenGrant {
  tokenId: number;
  userId: string;
  email: string;
  scopes: TokenScope[] | null;
}

interface AccessTokenRow {
  id: string | number;
  name: string;
  token_alias: string;
  scopes: TokenScope[] | null;
  expires_at: Date | string | null;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const columns = 'id, name, token_alias, scopes, expires_at, created_at, last_used_at';
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function present(row: AccessTokenRow): AccessToken {
  return {
    id: Number(row.id),
    name: row.name,
    token_alias: row.token_alias,
    scopes: row.scopes,
    expires_at: iso(row.expires_at),
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: iso(row.last_used_at),
  };
}

/** SHA-256 is enough for 160 random bits (see migration 0009); it also makes the lookup an index probe. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 'sbp_1a2b…9f0e': the prefix and 8 of the 40 hex digits, leaving 128 bits unknown. */
function aliasOf(token: string): string {
  return `${token.slice(0, 8)}…${token.slice(-4)}`;
}

export async function createAccessToken(ctx: ControlContext, actor: Actor, body: BodyOf<'accessTokenCreate'>): Promise<AccessTokenCreated> {
  const token = `sbp_${randomBytes(20).toString('hex')}`;
  const alias = aliasOf(token);
  const scopes = body.scopes ? [...new Set(body.scopes)].sort() : null;
  const row = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<AccessTokenRow>(
      `insert into access_tokens (user_id, name, token_hash, token_alias, scopes, expires_at)
       values ($1, $2, $3, $4, $5, $6) returning ${columns}`,
      [actor.userId, body.name, hashToken(token), alias, scopes, body.expires_at ?? null],
    );
    // The alias, never the token, names it in the trail.
    await recordAudit(tx, actor, { action: 'access_token.create', target: `${body.name} (${alias})` });
    return rows[0];
  });
  return { ...present(row), token };
}

/** The caller's tokens that are not revoked, expired ones included so the owner can see why one stopped working. */
export async function listAccessTokens(ctx: ControlContext, actor: Actor): Promise<AccessToken[]> {
  const { rows } = await ctx.db.query<AccessTokenRow>(
    `select ${columns} from access_tokens where user_id = $1 and revoked_at is null order by id desc`,
    [actor.userId],
  );
  return rows.map(present);
}

/** Revokes one of the caller's own tokens; another user's token reads as not found. Takes effect on the next request. */
export async function revokeAccessToken(ctx: ControlContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; token_alias: string }>(
      `update access_tokens set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null returning name, token_alias`,
      [id, actor.userId],
    );
    if (!rows[0]) throw new PlinthError('access_token_not_found');
    await recordAudit(tx, actor, { action: 'access_token.revoke', target: `${rows[0].name} (${rows[0].token_alias})` });
  });
}

/**
 * The token behind a Management API request, looked up by hash on every request (no cache, so a
 * revocation takes effect at once on every node). Unknown and revoked tokens fail alike; a banned or
 * deleted user's tokens stop working with them. `last_used_at` is written at most once a minute per
 * token, judged by the database's clock, so use is visible without a write per request.
 */
export async function verifyPersonalAccessToken(ctx: ControlContext, token: string): Promise<AccessTokenGrant> {
  if (!ACCESS_TOKEN_PATTERN.test(token)) throw new PlinthError('access_token_invalid');
  const { rows } = await ctx.db.query<{ id: string | number; user_id: string; email: string; scopes: TokenScope[] | null; expired: boolean | null; stale: boolean }>(
    `select t.id, t.user_id, coalesce(u.email, '') as email, t.scopes,
            t.expires_at <= now() as expired,
            t.last_used_at is null or t.last_used_at < now() - interval '1 minute' as stale
     from access_tokens t join auth.users u on u.id = t.user_id
     where t.token_hash = $1 and t.revoked_at is null
       and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now())`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) throw new PlinthError('access_token_invalid');
  if (row.expired) throw new PlinthError('access_token_expired');
  if (row.stale) {
    // The condition is repeated so that nodes racing on the same token write once.
    await ctx.db.query(
      `update access_tokens set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
      [row.id],
    );
  }
  return { tokenId: Number(row.id), userId: row.user_id, email: row.email, scopes: row.scopes };
}
