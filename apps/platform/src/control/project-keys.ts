import { randomBytes, randomInt } from 'node:crypto';
import { SignJWT } from 'jose';

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** A project ref: 20 lowercase letters, unguessable enough to name a database and a URL. */
export function generateRef(): string {
  let ref = '';
  for (let i = 0; i < 20; i++) ref += String.fromCharCode(97 + randomInt(26));
  return ref;
}

/** An API key is a long-lived JWT naming a database role, signed with the project's own secret. */
export async function signApiKey(jwtSecret: string, ref: string, role: 'anon' | 'service_role'): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: 'plinth', ref, role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + TEN_YEARS)
    .sign(new TextEncoder().encode(jwtSecret));
}

export async function generateProjectSecrets(ref: string): Promise<{ jwtSecret: string; anonKey: string; serviceKey: string }> {
  const jwtSecret = randomBytes(32).toString('base64url');
  return {
    jwtSecret,
    anonKey: await signApiKey(jwtSecret, ref, 'anon'),
    serviceKey: await signApiKey(jwtSecret, ref, 'service_role'),
  };
}
