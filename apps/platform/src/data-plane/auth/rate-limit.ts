import { PlinthError } from '@plinth/errors';

export interface RateLimitOptions {
  /** Attempts allowed per key within one window. */
  maxAttempts: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { maxAttempts: 10, windowSeconds: 300 };

/**
 * Fixed-window attempt counter, in memory: enough for one node; with several platform nodes each
 * node counts separately (the limit is per node), which still bounds guessing.
 */
export function createRateLimiter(options: RateLimitOptions) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(now: number): void {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }

  return {
    /** Counts one attempt; throws over_request_rate_limit once the window's budget (or `maxAttempts`) is spent. */
    hit(key: string, maxAttempts = options.maxAttempts): void {
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

export type RateLimiter = ReturnType<typeof createRateLimiter>;
