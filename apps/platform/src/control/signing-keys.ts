import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { SigningKey, SigningKeyStatus } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import type { SigningAlgorithm } from '../data-plane/auth/signing-keys.ts';
import type { Queryable } from '../engines/types.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject, type ProjectRow } from './project-rows.ts';
import { forgetProjectRow } from './project-caches.ts';

/**
 * A project's JWT signing keys (migration 0013): the legacy HS256 secret, whose row carries only its
 * status (the secret itself is projects.jwt_secret_enc), and ES256 / RS256 keys with the private JWK
 * encrypted at rest. Exactly one key is in use; making another current moves it to previously used.
 * Every change reaches the data plane with the project's next resolution (invalidated at once here).
 */
interface SigningKeyRow {
  id: string;
  algorithm: 'HS256' | SigningAlgorithm;
  status: SigningKeyStatus;
  private_jwk_enc: string | null;
  public_jwk: JWK | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Bounds the JWKS apps download and the keys each resolution prepares. */
const MAX_ASYMMETRIC_KEYS = 10;

/** Which status a key may be moved to from each; 'in_use' changes only by making another key current. */
const TRANSITIONS: Record<SigningKeyStatus, readonly SigningKeyStatus[]> = {
  standby: ['in_use'],
  in_use: [],
  previously_used: ['in_use', 'revoked'],
  revoked: [],
};

const REFUSED_TRANSITION: Record<SigningKeyStatus, string> = {
  standby: 'A standby key can be made current (in_use) or deleted.',
  in_use: 'The key in use stays in use until another key is made current.',
  previously_used: 'A previously used key can be made current again (in_use) or revoked.',
  revoked: 'A revoked key cannot be used again; delete it instead.',
};

const STATUS_ORDER: Record<SigningKeyStatus, number> = { in_use: 0, standby: 1, previously_used: 2, revoked: 3 };

function present(row: SigningKeyRow): SigningKey {
  return {
    id: row.id,
    algorithm: row.algorithm,
    status: row.status,
    public_jwk: row.public_jwk ? (row.public_jwk as Record<string, unknown>) : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

async function keyRows(db: Queryable, projectId: number): Promise<SigningKeyRow[]> {
  const { rows } = await db.query<SigningKeyRow>('select * from project_signing_keys where project_id = $1 order by created_at, id', [projectId]);
  return rows;
}

async function keyRow(db: Queryable, projectId: number, id: string): Promise<SigningKeyRow> {
  const { rows } = await db.query<SigningKeyRow>('select * from project_signing_keys where project_id = $1 and id = $2', [projectId, id]);
  if (!rows[0]) throw new PlinthError('signing_key_not_found');
  return rows[0];
}

/** Only Owners and Administrators change keys; anyone who sees the project sees the public parts. */
async function projectForChange(ctx: ControlContext, actor: Actor, ref: string): Promise<ProjectRow> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.SERVICE_API_KEYS);
  return project;
}

async function audited(ctx: ControlContext, tx: Queryable, actor: Actor, project: ProjectRow, action: string, target: string): Promise<void> {
  await recordAudit(tx, actor, { action, organizationSlug: project.organization_slug, projectRef: project.ref, target });
}

export async function listSigningKeys(ctx: ControlContext, actor: Actor, ref: string): Promise<{ keys: SigningKey[] }> {
  const { project } = await accessProject(ctx, actor, ref);
  const rows = await keyRows(ctx.db, project.id);
  return { keys: rows.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]).map(present) };
}

export async function getSigningKey(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<SigningKey> {
  const { project } = await accessProject(ctx, actor, ref);
  return present(await keyRow(ctx.db, project.id, id));
}

export async function legacySigningKey(ctx: ControlContext, actor: Actor, ref: string): Promise<SigningKey> {
  const { project } = await accessProject(ctx, actor, ref);
  const legacy = (await keyRows(ctx.db, project.id)).find((row) => row.algorithm === 'HS256');
  if (!legacy) throw new PlinthError('signing_key_not_found');
  return present(legacy);
}

/** A new key pair; its public JWK is what /.well-known/jwks.json publishes, `kid` = the key's id. */
async function newKeyPair(id: string, algorithm: SigningAlgorithm): Promise<{ privateJwk: JWK; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair(algorithm, { extractable: true, modulusLength: 2048 });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: id, alg: algorithm, use: 'sig', key_ops: ['verify'] };
  return { privateJwk: await exportJWK(privateKey), publicJwk };
}

export async function createSigningKey(ctx: ControlContext, actor: Actor, ref: string, body: { algorithm: SigningAlgorithm; status: 'standby' | 'in_use' }): Promise<SigningKey> {
  const project = await projectForChange(ctx, actor, ref);
  const id = randomUUID();
  const { privateJwk, publicJwk } = await newKeyPair(id, body.algorithm);
  const created = await ctx.db.transaction(async (tx) => {
    const keys = await lockedKeys(tx, project.id);
    if (keys.filter((key) => key.algorithm !== 'HS256').length >= MAX_ASYMMETRIC_KEYS) {
      throw new PlinthError('validation_failed', `A project has at most ${MAX_ASYMMETRIC_KEYS} signing keys besides the legacy secret: delete a standby or revoked one first.`);
    }
    if (body.status === 'in_use') await retireCurrentKey(tx, project.id);
    const { rows } = await tx.query<SigningKeyRow>(
      `insert into project_signing_keys (id, project_id, algorithm, status, private_jwk_enc, public_jwk)
       values ($1, $2, $3, $4, $5, $6::jsonb) returning *`,
      [id, project.id, body.algorithm, body.status, ctx.secrets.encrypt(JSON.stringify(privateJwk)), JSON.stringify(publicJwk)],
    );
    await audited(ctx, tx, actor, project, 'project.signing_key_create', `${body.algorithm} ${id} (${body.status})`);
    return rows[0];
  });
  await forgetProjectRow(ctx, ref);
  return present(created);
}

/**
 * Rotation and revocation: a standby or previously used key made current (the current one becomes
 * previously used, its tokens still verify), or a previously used key revoked (its tokens are refused).
 */
export async function updateSigningKeyStatus(ctx: ControlContext, actor: Actor, ref: string, id: string, status: SigningKeyStatus): Promise<SigningKey> {
  const project = await projectForChange(ctx, actor, ref);
  const updated = await ctx.db.transaction(async (tx) => {
    await lockedKeys(tx, project.id);
    const key = await keyRow(tx, project.id, id);
    if (key.status === status) return key;
    if (!TRANSITIONS[key.status].includes(status)) throw new PlinthError('validation_failed', REFUSED_TRANSITION[key.status]);
    if (status === 'in_use') await retireCurrentKey(tx, project.id);
    const { rows } = await tx.query<SigningKeyRow>(
      'update project_signing_keys set status = $3, updated_at = now() where project_id = $1 and id = $2 returning *',
      [project.id, id, status],
    );
    await audited(ctx, tx, actor, project, status === 'revoked' ? 'project.signing_key_revoke' : 'project.signing_key_rotate', `${key.algorithm} ${id}`);
    return rows[0];
  });
  await forgetProjectRow(ctx, ref);
  return present(updated);
}

export async function deleteSigningKey(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<SigningKey> {
  const project = await projectForChange(ctx, actor, ref);
  const deleted = await ctx.db.transaction(async (tx) => {
    await lockedKeys(tx, project.id);
    const key = await keyRow(tx, project.id, id);
    if (key.algorithm === 'HS256') throw new PlinthError('validation_failed', 'The legacy JWT secret cannot be deleted; revoke it once another key is in use.');
    if (key.status !== 'standby' && key.status !== 'revoked') throw new PlinthError('validation_failed', 'Only a standby or revoked key can be deleted.');
    await tx.query('delete from project_signing_keys where id = $1', [id]);
    await audited(ctx, tx, actor, project, 'project.signing_key_delete', `${key.algorithm} ${id}`);
    return key;
  });
  await forgetProjectRow(ctx, ref);
  return present(deleted);
}

/** Concurrent changes to one project's keys take turns, so two rotations cannot both win. */
async function lockedKeys(tx: Queryable, projectId: number): Promise<SigningKeyRow[]> {
  const { rows } = await tx.query<SigningKeyRow>('select * from project_signing_keys where project_id = $1 for update', [projectId]);
  return rows;
}

async function retireCurrentKey(tx: Queryable, projectId: number): Promise<void> {
  await tx.query("update project_signing_keys set status = 'previously_used', updated_at = now() where project_id = $1 and status = 'in_use'", [projectId]);
}
