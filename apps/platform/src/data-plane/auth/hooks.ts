/**
 * Auth hooks as Supabase offers them: Postgres functions of the project, called with a JSON event
 * and answering JSON. Custom access token: `{user_id, claims, authentication_method}` -> `{claims}`.
 * Before user created: `{user, metadata}` -> `{}` or `{error: {message, http_code}}` to refuse.
 * The function's name was quoted when the configuration was read (config.ts).
 */
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { AuthContext } from './context.ts';

async function callHook(q: Queryable, fn: string, event: Record<string, unknown>): Promise<Record<string, unknown>> {
  let rows: { result: unknown }[];
  try {
    ({ rows } = await q.query<{ result: unknown }>(`select ${fn}($1::jsonb) as result`, [JSON.stringify(event)]));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PlinthError('hook_failed', `The auth hook ${fn} failed: ${reason}`);
  }
  const result = typeof rows[0]?.result === 'string' ? JSON.parse(rows[0].result as string) : rows[0]?.result;
  if (!result || typeof result !== 'object') throw new PlinthError('hook_failed', `The auth hook ${fn} returned no JSON object`);
  const refusal = (result as { error?: { message?: unknown; http_code?: unknown } }).error;
  if (refusal) throw new PlinthError('hook_rejected', typeof refusal.message === 'string' ? refusal.message : undefined);
  return result as Record<string, unknown>;
}

const REQUIRED_CLAIMS = ['iss', 'aud', 'exp', 'iat', 'sub', 'role', 'aal', 'session_id', 'email', 'phone', 'is_anonymous'];

/** The claims an access token will carry, after the project's hook (if any) had its say. */
export async function customizeClaims(ctx: AuthContext, q: Queryable, claims: Record<string, unknown>, method: string): Promise<Record<string, unknown>> {
  const fn = ctx.config.hooks.customAccessToken;
  if (!fn) return claims;
  const result = await callHook(q, fn, { user_id: claims.sub, claims, authentication_method: method });
  const next = result.claims;
  if (!next || typeof next !== 'object') throw new PlinthError('hook_failed', 'The custom access token hook must return {"claims": {...}}');
  const missing = REQUIRED_CLAIMS.filter((claim) => !(claim in (next as object)));
  if (missing.length > 0) throw new PlinthError('hook_failed', `The custom access token hook removed required claims: ${missing.join(', ')}`);
  return next as Record<string, unknown>;
}

/** Lets the project's before-user-created hook refuse a new user (its message reaches the client). */
export async function assertUserMayBeCreated(ctx: AuthContext, q: Queryable, user: { email: string | null; is_anonymous: boolean; user_metadata?: Record<string, unknown>; provider: string }): Promise<void> {
  const fn = ctx.config.hooks.beforeUserCreated;
  if (!fn) return;
  await callHook(q, fn, {
    user: { email: user.email ?? '', phone: '', is_anonymous: user.is_anonymous, user_metadata: user.user_metadata ?? {}, app_metadata: { provider: user.provider } },
    metadata: { name: 'before-user-created' },
  });
}
