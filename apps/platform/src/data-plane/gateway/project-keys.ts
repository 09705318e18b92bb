/**
 * Reads a project's signing keys and API keys (tables of migration 0013, changed through
 * control/signing-keys.ts and control/api-keys.ts) into what the data plane holds for it.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { JWK } from 'jose';
import type { ControlContext } from '../../control/context.ts';
import type { AsymmetricSigningKey, ProjectSigningKeys, SigningAlgorithm, SigningKeyStatus } from '../auth/signing-keys.ts';

interface KeyState {
  signing: { id: string; algorithm: 'HS256' | SigningAlgorithm; status: SigningKeyStatus; private_jwk_enc: string | null; public_jwk: JWK | null }[];
  api: { id: string; type: 'publishable' | 'secret'; key_hash: string }[];
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The keys as the data plane holds them (see data-plane/auth/signing-keys.ts), read in one query
 * each time the project directory resolves the project. Private keys are decrypted and prepared only
 * when something changed since `previous`, which is returned as it is otherwise.
 */
export async function projectSigningKeys(ctx: ControlContext, projectId: number, previous?: ProjectSigningKeys): Promise<ProjectSigningKeys> {
  const { rows } = await ctx.db.query<{ signing: KeyState['signing'] | string; api: KeyState['api'] | string }>(
    `select
       (select coalesce(json_agg(json_build_object('id', id, 'algorithm', algorithm, 'status', status, 'private_jwk_enc', private_jwk_enc, 'public_jwk', public_jwk) order by created_at, id), '[]'::json)
          from project_signing_keys where project_id = $1) as signing,
       (select coalesce(json_agg(json_build_object('id', id, 'type', type, 'key_hash', key_hash) order by created_at, id), '[]'::json)
          from project_api_keys where project_id = $1) as api`,
    [projectId],
  );
  const signing = parsed(rows[0].signing);
  const api = parsed(rows[0].api);
  const version = `${signing.map((key) => `${key.id}:${key.status}`).join(',')}|${api.map((key) => key.id).join(',')}`;
  if (previous?.version === version) return previous;
  const keys: AsymmetricSigningKey[] = [];
  for (const row of signing) {
    if (row.algorithm === 'HS256' || row.status === 'revoked' || !row.private_jwk_enc || !row.public_jwk) continue;
    const privateKey = createPrivateKey({ key: JSON.parse(ctx.secrets.decrypt(row.private_jwk_enc)) as JWK & { kty: string }, format: 'jwk' });
    keys.push({ id: row.id, algorithm: row.algorithm, status: row.status, privateKey, publicKey: createPublicKey(privateKey), publicJwk: row.public_jwk });
  }
  return {
    legacyStatus: signing.find((key) => key.algorithm === 'HS256')?.status ?? 'in_use',
    keys,
    apiKeys: new Map(api.map((key) => [key.key_hash, key.type === 'secret' ? 'service_role' : 'anon'])),
    version,
  };
}
