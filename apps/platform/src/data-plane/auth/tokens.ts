import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWK, type JWTPayload } from 'jose';
import { PlinthError } from '@plinth/errors';
import {
  apiKeyRole, currentSigningKey, isApiKey, JWT_ALGORITHMS, jwksOf, LEGACY_SECRET_ONLY, verificationKey, type ProjectSigningKeys,
} from './signing-keys.ts';

export type { ProjectSigningKeys } from './signing-keys.ts';

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

/**
 * Signs access tokens with the project's key in use: an asymmetric key (ES256/RS256, `kid` in the
 * header) once one is current, else the legacy HS256 secret. Verifies what any key that is not
 * revoked signed, and maps a publishable or secret API key to its role, so the admin API takes a
 * secret key as service_role. Without `signingKeys` (the platform's own auth): HS256 only.
 */
export function createTokenSigner(jwtSecret: string, signingKeys: ProjectSigningKeys = LEGACY_SECRET_ONLY) {
  const secret = new TextEncoder().encode(jwtSecret);
  const current = currentSigningKey(signingKeys);

  return {
    async sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp'>, expirySeconds: number, now: number): Promise<string> {
      return new SignJWT({ ...claims })
        .setProtectedHeader(current ? { alg: current.algorithm, typ: 'JWT', kid: current.id } : { alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expirySeconds)
        .sign(current ? current.privateKey : secret);
    },

    /** Signature and expiry only; whether the session still exists is the caller's question. */
    async verify(token: string): Promise<JWTPayload> {
      if (isApiKey(token)) {
        const role = apiKeyRole(signingKeys, token);
        if (!role) throw new PlinthError('invalid_jwt');
        return { role };
      }
      try {
        const { payload } = await jwtVerify(token, (header) => {
          const key = verificationKey(signingKeys, secret, header);
          if (!key) throw new joseErrors.JWKSNoMatchingKey();
          return key;
        }, { algorithms: JWT_ALGORITHMS });
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new PlinthError('invalid_jwt');
        throw error;
      }
    },

    /** The public keys of the asymmetric signing keys that are not revoked (GET /.well-known/jwks.json). */
    jwks(): { keys: JWK[] } {
      return jwksOf(signingKeys);
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Opaque refresh token: 128 random bits, URL-safe; only ever compared by equality in SQL. */
export function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}
