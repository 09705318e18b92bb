import { describe, expect, it } from 'vitest';
import { expiresAtOf } from '../src/features/access-tokens/token-expiry.ts';

describe('the access token expiry choices', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');

  it('sends null for never and N days from now for the presets', () => {
    expect(expiresAtOf('never', '', now)).toBeNull();
    expect(expiresAtOf('7', '', now)).toBe('2026-03-17T12:00:00.000Z');
    expect(expiresAtOf('90', '', now)).toBe('2026-06-08T12:00:00.000Z');
  });

  it('ends a custom date at the end of that local day, and refuses a missing or past one', () => {
    const endOfDay = new Date(2026, 3, 1, 23, 59, 59).toISOString();
    expect(expiresAtOf('custom', '2026-04-01', now)).toBe(endOfDay);
    expect(expiresAtOf('custom', '', now)).toBeUndefined();
    expect(expiresAtOf('custom', '2026-03-01', now)).toBeUndefined();
  });
});
