/**
 * Wrong pooler passwords, counted per project ref and client address: after MAX_FAILURES in
 * WINDOW_MS, that pair is refused until the window passes, so a password cannot be guessed at line
 * speed. Per node, in memory: a guesser spreading attempts over N nodes gets N times the budget,
 * still far from a useful rate, and nothing here is state a user relies on.
 */
const MAX_FAILURES = 10;
const WINDOW_MS = 60_000;

export class FailedLogins {
  private readonly failures = new Map<string, { count: number; since: number }>();

  private key(ref: string, address: string): string {
    return `${ref}\0${address}`;
  }

  isBlocked(ref: string, address: string): boolean {
    const entry = this.failures.get(this.key(ref, address));
    if (!entry) return false;
    if (Date.now() - entry.since > WINDOW_MS) {
      this.failures.delete(this.key(ref, address));
      return false;
    }
    return entry.count >= MAX_FAILURES;
  }

  fail(ref: string, address: string): void {
    const key = this.key(ref, address);
    const entry = this.failures.get(key);
    if (!entry || Date.now() - entry.since > WINDOW_MS) this.failures.set(key, { count: 1, since: Date.now() });
    else entry.count += 1;
    // Bounded: an attacker rotating refs or addresses must not grow this without limit.
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value!);
  }

  succeed(ref: string, address: string): void {
    this.failures.delete(this.key(ref, address));
  }
}
