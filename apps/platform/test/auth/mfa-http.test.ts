import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { GoTrueClient as AuthClient } from '@supabase/auth-js';
import { startHarness, uniqueEmail, type Harness } from './harness.ts';
import { independentTotp } from './independent-totp.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimit: { maxAttempts: 4, windowSeconds: 60 } });
});
afterAll(() => h.close());

async function signedUp(): Promise<{ client: AuthClient; email: string }> {
  const email = uniqueEmail();
  const client = h.client();
  const { error } = await client.signUp({ email, password: 'password-123' });
  if (error) throw error;
  return { client, email };
}

/** Enrols and verifies a TOTP factor; returns its id and secret. */
async function enrolTotp(client: AuthClient): Promise<{ factorId: string; secret: string }> {
  const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
  if (enrolled.error) throw enrolled.error;
  const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
  const verified = await client.mfa.challengeAndVerify({ factorId: id, code: independentTotp(totp.secret) });
  if (verified.error) throw verified.error;
  return { factorId: id, secret: totp.secret };
}

describe('auth-js MFA (TOTP) against /auth/v1', () => {
  it('enrols, challenges and verifies: the session becomes aal2 and the factor verified', async () => {
    const { client, email } = await signedUp();
    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'phone', issuer: 'Plinth' });
    expect(enrolled.error).toBeNull();
    const data = enrolled.data!;
    if (data.type !== 'totp') throw new Error('expected a totp factor');
    expect(data.friendly_name).toBe('phone');
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totp.uri).toBe(
      `otpauth://totp/Plinth:${encodeURIComponent(email)}?secret=${data.totp.secret}&issuer=Plinth&algorithm=SHA1&digits=6&period=30`,
    );
    expect(data.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(data.totp.qr_code).not.toContain('#');

    const before = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const challenge = await client.mfa.challenge({ factorId: data.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'totp' });
    const expiresIn = challenge.data!.expires_at - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(290);
    expect(expiresIn).toBeLessThanOrEqual(301);

    const wrong = await client.mfa.verify({ factorId: data.id, challengeId: challenge.data!.id, code: '000000' === independentTotp(data.totp.secret) ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ code: 'mfa_verification_failed', status: 422 });

    const verified = await client.mfa.verify({ factorId: data.id, challengeId: challenge.data!.id, code: independentTotp(data.totp.secret) });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims).toMatchObject({ aal: 'aal2', aud: 'authenticated', role: 'authenticated', sub: verified.data!.user.id });
    expect((claims.amr as { method: string }[]).map((a) => a.method).sort()).toEqual(['password', 'totp']);

    const after = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await client.mfa.listFactors();
    expect(factors.data?.totp).toHaveLength(1);
    expect(factors.data?.totp[0]).toMatchObject({ id: data.id, status: 'verified', factor_type: 'totp', friendly_name: 'phone' });
    expect(await h.service.hasVerifiedFactor(verified.data!.user.id)).toBe(true);

    // The challenge was used up.
    const again = await client.mfa.verify({ factorId: data.id, challengeId: challenge.data!.id, code: independentTotp(data.totp.secret) });
    expect(again.error?.code).toBe('mfa_challenge_not_found');
  });

  it('a fresh password sign-in of an MFA user is aal1 with nextLevel aal2; a refreshed aal2 session stays aal2', async () => {
    const { client, email } = await signedUp();
    const { factorId, secret } = await enrolTotp(client);
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');

    const fresh = h.client();
    expect((await fresh.signInWithPassword({ email, password: 'password-123' })).error).toBeNull();
    expect((await fresh.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    // At aal1, the factor can be neither removed nor bypassed by enrolling another, nor the password changed.
    expect((await fresh.mfa.unenroll({ factorId })).error?.code).toBe('insufficient_aal');
    expect((await fresh.mfa.enroll({ factorType: 'totp' })).error?.code).toBe('insufficient_aal');
    expect((await fresh.updateUser({ password: 'another-password' })).error?.code).toBe('insufficient_aal');

    // The enrolment code's step is spent; the next step's code (within the +-1 window) is not.
    const code = independentTotp(secret, Date.now() / 1000 + 30);
    const up = await fresh.mfa.challengeAndVerify({ factorId, code });
    expect(up.error).toBeNull();
    expect((await fresh.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    const replay = await fresh.mfa.challengeAndVerify({ factorId, code });
    expect(replay.error?.code).toBe('mfa_verification_failed');

    const removed = await fresh.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    expect(await h.service.hasVerifiedFactor(up.data!.user.id)).toBe(false);
    // Sessions raised by that factor are back to aal1 on their next refresh.
    const down = await fresh.refreshSession();
    expect(decodeJwt(down.data.session!.access_token).aal).toBe('aal1');
  });

  it('rejects unknown factors, other users\' factors, duplicate names and expired challenges', async () => {
    const { client } = await signedUp();
    const { client: other } = await signedUp();
    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'laptop' });
    const factorId = enrolled.data!.id;
    expect((await client.mfa.enroll({ factorType: 'totp', friendlyName: 'laptop' })).error?.code).toBe('mfa_factor_name_conflict');
    expect((await other.mfa.challenge({ factorId })).error?.code).toBe('mfa_factor_not_found');
    expect((await client.mfa.challenge({ factorId: '00000000-0000-0000-0000-000000000000' })).error?.code).toBe('mfa_factor_not_found');

    const challenge = await client.mfa.challenge({ factorId });
    await h.db.query(`update auth.mfa_challenges set created_at = now() - interval '6 minutes' where id = $1`, [challenge.data!.id]);
    const secret = (enrolled.data as { totp: { secret: string } }).totp.secret;
    const expired = await client.mfa.verify({ factorId, challengeId: challenge.data!.id, code: independentTotp(secret) });
    expect(expired.error?.code).toBe('mfa_challenge_expired');
  });

  it('rate-limits verify attempts', async () => {
    const { client } = await signedUp();
    const enrolled = await client.mfa.enroll({ factorType: 'totp' });
    const factorId = enrolled.data!.id;
    const secret = (enrolled.data as { totp: { secret: string } }).totp.secret;
    const bad = independentTotp(secret) === '123456' ? '654321' : '123456';
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) codes.push((await client.mfa.challengeAndVerify({ factorId, code: bad })).error?.code);
    expect(codes).toEqual([...Array(4).fill('mfa_verification_failed'), 'over_request_rate_limit']);
  });
});
