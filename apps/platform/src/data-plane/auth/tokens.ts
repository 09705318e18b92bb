import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { PlinthError } from '@plinth/errors';

export type Aal = 'aal1' | 'aal2';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** The claims of an access token this service issues (GoTrue's set). */
export interface AccessTokenClaims extends JWTPayload {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: Aal;
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
}

export function createTokenSigner(jwtSecret: string) {
  const key = new TextEncoder().encode(jwtSecret);

  return {
    async sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp'>, expirySeconds: number, now: number): Promise<string> {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expirySeconds)
        .sign(key);
    },

    /** Signature and expiry only; whether the session still exists is the caller's question. */
    async verify(token: string): Promise<JWTPayload> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new PlinthError('invalid_jwt');
        throw error;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Opaque refresh token: 128 random bits, URL-safe; only ever compared by equality in SQL. */
export function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}
