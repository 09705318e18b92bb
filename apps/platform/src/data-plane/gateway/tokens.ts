/**
 * Verifies what a request carries (apikey, Authorization: Bearer): JWTs signed by any of the
 * project's keys that is not revoked (the legacy HS256 secret, ES256/RS256 keys by `kid`), and
 * publishable / secret API keys, which stand for the anon / service_role key. Verified tokens are
 * remembered until they expire (a bounded number, least recently used dropped first): the apikey
 * arrives with nearly every request, a signed-in user's token with each of theirs. A verifier
 * belongs to one version of the project's keys (the directory makes a new one when they change), so
 * a revoked key or a deleted API key is refused from the next resolution on. A remembered token's
 * Caller is one object, so what is derived from it can be cached by it (the REST settings are).
 */
import { errors, jwtVerify, type JWTPayload } from 'jose';
import { PostgrestError } from '@plinth/postgrest';
import { apiKeyRole, isApiKey, JWT_ALGORITHMS, LEGACY_SECRET_ONLY, verificationKey, type ProjectSigningKeys } from '../auth/signing-keys.ts';

export interface Caller {
  readonly role: string;
  readonly claims: Readonly<Record<string, unknown>>;
}

interface Verified {
  claims: JWTPayload;
  /** Seconds since the epoch, Infinity for a token without exp. */
  exp: number;
  caller: Caller;
}

/** No token at all: anon. */
const ANON: Caller = Object.freeze({ role: 'anon', claims: Object.freeze({ role: 'anon' }) });

const CACHE_LIMIT = 1000;
/** PostgREST's words for a token no configured key may verify. */
const NO_SUITABLE_KEY = 'No suitable key or wrong key type';
const WWW_AUTHENTICATE = 'www-authenticate';

function jwtError(message: string, hint: string | null = null): PostgrestError {
  return new PostgrestError(401, 'PGRST301', message, null, hint, {
    [WWW_AUTHENTICATE]: `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });
}

export class TokenVerifier {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, Verified>();

  constructor(
    secret: string,
    private readonly signingKeys: ProjectSigningKeys = LEGACY_SECRET_ONLY,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** The claims of a valid token; a PGRST301 error (401) for a malformed, forged or expired one. */
  async verify(token: string): Promise<JWTPayload> {
    return (this.remembered(token) ?? (await this.verifyNew(token))).claims;
  }

  /** A token verified before and not expired since, made the most recently used. */
  private remembered(token: string): Verified | null {
    const hit = this.verified.get(token);
    if (!hit) return null;
    this.verified.delete(token);
    if (hit.exp <= Date.now() / 1000) return null;
    this.verified.set(token, hit);
    return hit;
  }

  private async verifyNew(token: string): Promise<Verified> {
    const claims = isApiKey(token) ? this.apiKeyClaims(token) : await this.jwtClaims(token);
    if (this.verified.size >= CACHE_LIMIT) this.verified.delete(this.verified.keys().next().value as string);
    const verified = { claims, exp: typeof claims.exp === 'number' ? claims.exp : Infinity, caller: callerOf(claims) };
    this.verified.set(token, verified);
    return verified;
  }

  /** A publishable or secret key reaches the services as the anon or service_role key would. */
  private apiKeyClaims(token: string): JWTPayload {
    const role = apiKeyRole(this.signingKeys, token);
    if (!role) throw jwtError('Invalid API key', 'Double check your Supabase API key.');
    return { role };
  }

  private async jwtClaims(token: string): Promise<JWTPayload> {
    const parts = token.split('.').length;
    if (parts !== 3) throw jwtError(`Expected 3 parts in JWT; got ${parts}`);
    try {
      const getKey = (header: { alg?: string; kid?: string }) => {
        const key = verificationKey(this.signingKeys, this.key, header);
        if (!key) throw new errors.JWKSNoMatchingKey();
        return key;
      };
      return (await jwtVerify(token, getKey, { algorithms: JWT_ALGORITHMS })).payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw jwtError('JWT expired');
      if (error instanceof errors.JWSSignatureVerificationFailed) throw jwtError('JWSError JWSInvalidSignature');
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JOSEAlgNotAllowed) throw jwtError(NO_SUITABLE_KEY);
      throw jwtError('JWSError (CompactDecodeError Invalid JWT)');
    }
  }

  /** The caller when every token the request carries was verified before (most requests): no await. */
  cachedCaller(headers: { apikey?: string | string[]; authorization?: string | string[] }): Caller | null {
    const { apikey, token } = tokensOf(headers);
    if (apikey && !this.remembered(apikey)) return null;
    if (!token) return ANON;
    return (token === apikey ? this.verified.get(token) : this.remembered(token))?.caller ?? null;
  }

  /**
   * The caller of a request: the Bearer token's claims, else the apikey's, else anon. An apikey that
   * is present must be valid even when a Bearer token decides the role (as Supabase's gateway does).
   */
  async caller(headers: { apikey?: string | string[]; authorization?: string | string[] }): Promise<Caller> {
    const { apikey, token } = tokensOf(headers);
    if (apikey) {
      try {
        await this.verify(apikey);
      } catch {
        throw jwtError('Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
      }
    }
    if (!token) return ANON;
    return (this.remembered(token) ?? (await this.verifyNew(token))).caller;
  }
}

/** The apikey, and the token that decides the role: the Bearer token, else the apikey. */
function tokensOf(headers: { apikey?: string | string[]; authorization?: string | string[] }): { apikey: string | null; token: string | null } {
  const apikey = typeof headers.apikey === 'string' && headers.apikey !== '' ? headers.apikey : null;
  const match = typeof headers.authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization) : null;
  return { apikey, token: match?.[1] ?? apikey };
}

function callerOf(claims: JWTPayload): Caller {
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  return Object.freeze({ role, claims: claims as Record<string, unknown> });
}
