/**
 * A project's keys as the data plane holds them: the legacy HS256 secret's status, the asymmetric
 * signing keys (ES256, RS256) that are not revoked, with their key objects ready, and the
 * publishable and secret API keys by hash. The project directory builds it (control/signing-keys.ts
 * reads the rows); the gateway's verifier and the auth service's signer both choose keys through
 * this module, so REST, storage and auth accept exactly the same tokens.
 */
import { createHash, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';

export type SigningAlgorithm = 'ES256' | 'RS256';
/** Every algorithm a project's tokens may carry: the legacy secret's and the asymmetric keys'. */
export const JWT_ALGORITHMS = ['HS256', 'ES256', 'RS256'];
export type SigningKeyStatus = 'standby' | 'in_use' | 'previously_used' | 'revoked';
/** The database role a publishable (anon) or secret (service_role) API key stands for. */
export type ApiKeyRole = 'anon' | 'service_role';

export interface AsymmetricSigningKey {
  /** A UUID; the `kid` of the tokens it signs. */
  id: string;
  algorithm: SigningAlgorithm;
  status: Exclude<SigningKeyStatus, 'revoked'>;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** As published at /.well-known/jwks.json: kid, alg, use 'sig', key_ops ['verify']. */
  publicJwk: JWK;
}

export interface ProjectSigningKeys {
  /** The legacy HS256 secret counts as a key: in use until an asymmetric key is made current. */
  legacyStatus: SigningKeyStatus;
  /** Revoked keys are left out: a token they signed matches no key and is refused. */
  keys: readonly AsymmetricSigningKey[];
  /** SHA-256 (hex) of each sb_publishable_/sb_secret_ key -> the role it stands for. */
  apiKeys: ReadonlyMap<string, ApiKeyRole>;
  /** Changes whenever anything above does: verified tokens are remembered only while it stays. */
  version: string;
}

/** A project with nothing but its legacy secret (and the platform's own auth). */
export const LEGACY_SECRET_ONLY: ProjectSigningKeys = Object.freeze({ legacyStatus: 'in_use', keys: [], apiKeys: new Map(), version: 'legacy' });

const API_KEY_PREFIX = /^sb_(publishable|secret)_/;

/** Whether a token is a new-style API key (not a JWT). */
export function isApiKey(token: string): boolean {
  return API_KEY_PREFIX.test(token);
}

/** Keys are 192 random bits, so a fast hash finds them with one lookup and no guess list can reach one. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The role an existing (not deleted) API key stands for; null for an unknown one. */
export function apiKeyRole(keys: ProjectSigningKeys, token: string): ApiKeyRole | null {
  if (!isApiKey(token) || keys.apiKeys.size === 0) return null;
  return keys.apiKeys.get(hashApiKey(token)) ?? null;
}

/**
 * The key a JWT with this protected header may be verified with: the legacy secret for HS256 unless
 * revoked, else the asymmetric key its `kid` names with the same algorithm. null: no key may.
 */
export function verificationKey(keys: ProjectSigningKeys, secret: Uint8Array, header: { alg?: string; kid?: string }): KeyObject | Uint8Array | null {
  if (header.alg === 'HS256') return keys.legacyStatus === 'revoked' ? null : secret;
  return keys.keys.find((key) => key.id === header.kid && key.algorithm === header.alg)?.publicKey ?? null;
}

/** The asymmetric key that signs new tokens; null while the legacy secret does. */
export function currentSigningKey(keys: ProjectSigningKeys): AsymmetricSigningKey | null {
  return keys.keys.find((key) => key.status === 'in_use') ?? null;
}

/** The JSON Web Key Set apps verify tokens with: every asymmetric key that is not revoked. */
export function jwksOf(keys: ProjectSigningKeys): { keys: JWK[] } {
  return { keys: keys.keys.map((key) => key.publicJwk) };
}
