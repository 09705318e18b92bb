import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hashPassword, hotp, matchTotp, totpCode, verifyPassword } from '../../src/data-plane/auth/index.ts';
import { applyAuthSchema } from '../../src/data-plane/auth/index.ts';
import { independentTotp } from './independent-totp.ts';
import { createMemoryDatabase } from './memory-database.ts';

describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1 rows (8 digits, key "12345678901234567890").
  const key = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the RFC 6238 vector at T=%i', (time, expected) => {
    expect(hotp(key, Math.floor(time / 30), 8)).toBe(expected);
  });

  it('round-trips base32 and agrees with an independent implementation', () => {
    const secret = base32Encode(key);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret).equals(key)).toBe(true);
    for (const t of [59, 1111111109, 1700000000]) expect(totpCode(secret, t)).toBe(independentTotp(secret, t));
  });

  it('accepts one step of drift either way, and nothing further', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const t = 1_700_000_000;
    expect(matchTotp(secret, totpCode(secret, t - 30), t)).toBe(Math.floor(t / 30) - 1);
    expect(matchTotp(secret, totpCode(secret, t + 30), t)).toBe(Math.floor(t / 30) + 1);
    expect(matchTotp(secret, totpCode(secret, t + 90), t)).toBeNull();
    expect(matchTotp(secret, 'abcdef', t)).toBeNull();
  });
});

describe('passwords', () => {
  it('hashes with scrypt in a self-describing format and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[^$]+\$[^$]+$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(hash); // random salt
  });
});

describe('schema', () => {
  it('applies twice without error and keeps emails unique regardless of case', async () => {
    const db = await createMemoryDatabase();
    try {
      await applyAuthSchema(db);
      await applyAuthSchema(db);
      await db.query(`insert into auth.users (email) values ('Ada@Example.com')`);
      await expect(db.query(`insert into auth.users (email) values ('ada@example.com')`)).rejects.toMatchObject({ code: '23505' });
    } finally {
      await db.close();
    }
  });
});
