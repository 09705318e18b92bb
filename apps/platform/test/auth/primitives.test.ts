import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hashPassword, hotp, matchTotp, totpCode, verifyPassword } from '../../src/data-plane/auth/index.ts';
import { qrMatrix } from '../../src/data-plane/auth/qr.ts';
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

describe('QR encoder', () => {
  it('produces the same modules as libqrencode (byte mode, level M) under one of the eight masks for a short URI', () => {
    // `qrencode -8 -l M -t ASCII -m 0 'otpauth://totp/x'`, dark = 1.
    const expected = [
      '1111111000101010001111111', '1000001010111100001000001', '1011101000110001001011101',
      '1011101000110100001011101', '1011101010010100101011101', '1000001000100011001000001',
      '1111111010101010101111111', '0000000000011001000000000', '1010101001101001000010010',
      '1010110000111100111101001', '0001001111001010010100111', '1001000100111110101010010',
      '1100011110000011111000011', '0010110010010010001101001', '1010011010100100111001111',
      '0111110100110001010110001', '1001111111001000111111010', '0000000010111100100010011',
      '1111111001011011101011111', '1000001001001110100010010', '1011101011010010111111001',
      '1011101000110011000010000', '1011101010100101100010101', '1000001000010000101100010',
      '1111111010001001110000011',
    ];
    const rows = (mask?: number) => qrMatrix('otpauth://totp/x', mask).map((row) => row.map((d) => (d ? '1' : '0')).join(''));
    const matching = [0, 1, 2, 3, 4, 5, 6, 7].filter((mask) => rows(mask).join() === expected.join());
    expect(matching).toHaveLength(1);
    expect(rows()).toHaveLength(25); // version 2
  });

  it('grows the version with the data', () => {
    expect(qrMatrix('a'.repeat(200)).length).toBe(57); // version 10
    expect(qrMatrix('a'.repeat(1000)).length).toBeGreaterThan(100);
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
