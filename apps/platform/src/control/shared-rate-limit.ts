/**
 * A fixed-window rate limit every platform node shares: the counts live in the platform database
 * (rate_limit_windows, 0039), one upsert per hit, so a client spreading its requests over several
 * nodes draws on one budget. The auth service's in-memory limiter (data-plane/auth/rate-limit.ts)
 * has the same shape and answer (over_request_rate_limit, 429); use this one where the limit must
 * hold across nodes.
 */
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../engines/types.ts';

export interface SharedRateLimit {
  /** A name for what is limited, e.g. `oauth-token`; the counted key is `${name}:${key}`. */
  name: string;
  maxHits: number;
  windowSeconds: number;
}

/** Windows older than this are deleted now and then, whichever key they belong to. */
const SWEEP_AFTER_MS = 24 * 3600_000;

function windowOf(limit: SharedRateLimit, now: number): { windowStart: Date; windowMs: number } {
  const windowMs = limit.windowSeconds * 1000;
  return { windowStart: new Date(Math.floor(now / windowMs) * windowMs), windowMs };
}

/** Counts one hit of `key`; throws over_request_rate_limit (429) past the window's budget. */
export async function hitSharedLimit(db: Queryable, limit: SharedRateLimit, key: string, now = Date.now()): Promise<void> {
  const { windowStart, windowMs } = windowOf(limit, now);
  const counted = `${limit.name}:${key}`;
  // The key's earlier windows go in the same statement, so a steady client leaves one row behind.
  const { rows } = await db.query<{ hits: number }>(
    `with swept as (delete from rate_limit_windows where key = $1 and window_start < $2)
     insert into rate_limit_windows (key, window_start, hits) values ($1, $2, 1)
     on conflict (key, window_start) do update set hits = rate_limit_windows.hits + 1
     returning hits`,
    [counted, windowStart],
  );
  if (Math.random() < 0.01) await db.query('delete from rate_limit_windows where window_start < $1', [new Date(now - SWEEP_AFTER_MS)]);
  if (rows[0].hits > limit.maxHits) {
    const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now) / 1000);
    throw new PlinthError('over_request_rate_limit', `Too many requests. Try again in ${retryAfter} seconds.`, { retry_after: retryAfter });
  }
}

/** The hits of `key` in the current window, without counting one (a check before an attempt). */
export async function sharedLimitHits(db: Queryable, limit: SharedRateLimit, key: string, now = Date.now()): Promise<number> {
  const { rows } = await db.query<{ hits: number }>(
    'select hits from rate_limit_windows where key = $1 and window_start = $2',
    [`${limit.name}:${key}`, windowOf(limit, now).windowStart],
  );
  return rows[0] ? Number(rows[0].hits) : 0;
}

/** Starts `key`'s count over (a success that forgives the failures before it). */
export async function clearSharedLimit(db: Queryable, limit: SharedRateLimit, key: string): Promise<void> {
  await db.query('delete from rate_limit_windows where key = $1', [`${limit.name}:${key}`]);
}
