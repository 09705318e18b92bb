import { PlinthError } from '@plinth/errors';
import { hitSharedLimit } from '../../control/shared-rate-limit.ts';
import type { Queryable } from '../../engines/types.ts';

export interface RateLimitOptions {
  /** Attempts allowed per key within one window. */
  maxAttempts: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { maxAttempts: 10, windowSeconds: 300 };

/** Where an auth service counts attempts so that every platform node draws on one budget. */
export interface RateLimitStore {
  /** The platform database (rate_limit_windows). */
  db: Queryable;
  /** What the counts belong to (`platform`, or a project's ref): the same key of two projects is two budgets. */
  scope: string;
}

export interface RateLimiter {
  /** Counts one attempt; throws over_request_rate_limit once the window's budget (or `maxAttempts`) is spent. */
  hit(key: string, maxAttempts?: number): Promise<void>;
}

/**
 * Fixed-window attempt counter. With a store, the counts live in the platform database (one upsert
 * per attempt, control/shared-rate-limit.ts), so N attempts spread over several nodes meet the limit
 * at N; only the attempts themselves (sign-ins, OTP sends, verifications, refreshes) pay for it.
 * Without one (an auth service used on its own), in this process's memory.
 */
export function createRateLimiter(options: RateLimitOptions, store?: RateLimitStore): RateLimiter {
  if (store) {
    const name = `auth:${store.scope}:${options.windowSeconds}`;
    return {
      hit: (key, maxAttempts = options.maxAttempts) => hitSharedLimit(store.db, { name, maxHits: maxAttempts, windowSeconds: options.windowSeconds }, key),
    };
  }
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(now: number): void {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }

  return {
    async hit(key, maxAttempts = options.maxAttempts) {
      const now = Date.now();
      if (windows.size > 10_000) sweep(now); // bounds memory under a spray of distinct keys
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + options.windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count++;
      if (w.count > maxAttempts) throw new PlinthError('over_request_rate_limit');
    },
  };
}
