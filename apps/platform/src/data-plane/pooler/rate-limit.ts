/**
 * Wrong pooler passwords, counted per project ref and client address: after MAX_FAILURES in one
 * window of WINDOW_SECONDS, that pair is refused until the window passes, so a password cannot be
 * guessed at line speed. The counts live in the platform database (rate_limit_windows, as the auth
 * limits: control/shared-rate-limit.ts), so a guesser spreading attempts over several nodes draws on
 * one budget. A login reads its pair's count once; only a failure writes, and a success after
 * failures starts the count over.
 */
import { PlinthError } from '@plinth/errors';
import { clearSharedLimit, hitSharedLimit, sharedLimitHits, type SharedRateLimit } from '../../control/shared-rate-limit.ts';
import type { Queryable } from '../../engines/types.ts';

const WRONG_PASSWORDS: SharedRateLimit = { name: 'pooler-password', maxHits: 10, windowSeconds: 60 };

export interface FailureCount {
  count: number;
  isBlocked: boolean;
}

export class FailedLogins {
  constructor(private readonly db: Queryable) {}

  private key(ref: string, address: string): string {
    return `${ref}:${address}`;
  }

  async count(ref: string, address: string): Promise<FailureCount> {
    const count = await sharedLimitHits(this.db, WRONG_PASSWORDS, this.key(ref, address));
    return { count, isBlocked: count >= WRONG_PASSWORDS.maxHits };
  }

  async fail(ref: string, address: string): Promise<void> {
    try {
      await hitSharedLimit(this.db, WRONG_PASSWORDS, this.key(ref, address));
    } catch (error) {
      // Over the budget: counted all the same, and the next login of the pair is refused.
      if (!(error instanceof PlinthError && error.code === 'over_request_rate_limit')) throw error;
    }
  }

  succeed(ref: string, address: string): Promise<void> {
    return clearSharedLimit(this.db, WRONG_PASSWORDS, this.key(ref, address));
  }
}
