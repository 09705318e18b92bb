import { randomBytes } from 'node:crypto';
import type { ApiKey, ApiKeyCreate } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, can, Resource, type Role } from '@plinth/permissions';
import { hashApiKey } from '../data-plane/auth/signing-keys.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject, type ProjectRow } from './project-rows.ts';
import { forgetProjectRow } from './project-caches.ts';

/**
 * Publishable (`sb_publishable_...`, the anon role) and secret (`sb_secret_...`, service_role) API
 * keys, several per project (migration 0013). A SHA-256 of each key finds it on every request; the
 * key itself is kept encrypted so members who may read secrets can reveal it again, as they can the
 * service_role key. Deleting a key refuses it from the project's next resolution on.
 */
interface ApiKeyRow {
  id: string;
  type: 'publishable' | 'secret';
  name: string;
  description: string | null;
  prefix: string;
  key_enc: string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Characters after `sb_secret_` shown in lists: enough to tell keys apart, far too few to rebuild one. */
const PREFIX_LENGTH = 4;
const MASK = '•'.repeat(24);
/** Keeps the project's resolution (which reads every key) small. */
const MAX_API_KEYS = 50;

/** Whether the caller sees a secret key itself: only when asked (reveal) and allowed to read secrets. */
function showsSecret(role: Role, reveal: boolean): boolean {
  return reveal && can(role, Action.READ, Resource.SERVICE_API_KEYS);
}

function present(ctx: ControlContext, row: ApiKeyRow, showSecret: boolean): ApiKey {
  const isShown = row.type === 'publishable' || showSecret;
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    prefix: row.prefix,
    api_key: isShown ? ctx.secrets.decrypt(row.key_enc) : `${row.prefix}${MASK}`,
    inserted_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

async function keyRows(ctx: ControlContext, projectId: number): Promise<ApiKeyRow[]> {
  const { rows } = await ctx.db.query<ApiKeyRow>('select * from project_api_keys where project_id = $1 order by created_at, id', [projectId]);
  return rows;
}

/** The legacy anon and service_role JWTs as the Management API lists them; service_role only to those who may read it. */
function legacyKeys(ctx: ControlContext, project: ProjectRow, role: Role): ApiKey[] {
  const legacy = (name: 'anon' | 'service_role', apiKey: string): ApiKey => ({
    id: name, type: 'legacy', name, description: `Legacy ${name} API key`, prefix: null, api_key: apiKey, inserted_at: null, updated_at: null,
  });
  const keys = [legacy('anon', project.anon_key)];
  if (can(role, Action.READ, Resource.SERVICE_API_KEYS)) keys.push(legacy('service_role', ctx.secrets.decrypt(project.service_key_enc)));
  return keys;
}

export async function listApiKeys(ctx: ControlContext, actor: Actor, ref: string, options: { reveal: boolean; includeLegacy?: boolean }): Promise<ApiKey[]> {
  const { project, role } = await accessProject(ctx, actor, ref);
  const keys = (await keyRows(ctx, project.id)).map((row) => present(ctx, row, showsSecret(role, options.reveal)));
  return options.includeLegacy ? [...legacyKeys(ctx, project, role), ...keys] : keys;
}

export async function getApiKey(ctx: ControlContext, actor: Actor, ref: string, id: string, options: { reveal: boolean }): Promise<ApiKey> {
  const { project, role } = await accessProject(ctx, actor, ref);
  const { rows } = await ctx.db.query<ApiKeyRow>('select * from project_api_keys where project_id = $1 and id = $2', [project.id, id]);
  if (!rows[0]) throw new PlinthError('api_key_not_found');
  return present(ctx, rows[0], showsSecret(role, options.reveal));
}

/** 192 random bits after the type's prefix; the answer is the one place the creator sees a secret key unasked. */
export async function createApiKey(ctx: ControlContext, actor: Actor, ref: string, body: ApiKeyCreate): Promise<ApiKey> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.SERVICE_API_KEYS);
  const key = `sb_${body.type}_${randomBytes(24).toString('base64url')}`;
  const prefix = key.slice(0, `sb_${body.type}_`.length + PREFIX_LENGTH);
  const row = await ctx.db.transaction(async (tx) => {
    // Taking turns per project, so two creations cannot both pass the count or the name check.
    await tx.query('select id from projects where id = $1 for update', [project.id]);
    const { rows: counted } = await tx.query<{ count: string | number; has_name: boolean }>(
      'select count(*) as count, bool_or(name = $2) as has_name from project_api_keys where project_id = $1',
      [project.id, body.name],
    );
    if (Number(counted[0].count) >= MAX_API_KEYS) throw new PlinthError('validation_failed', `A project has at most ${MAX_API_KEYS} API keys: delete one first.`);
    if (counted[0].has_name) throw new PlinthError('validation_failed', `An API key named "${body.name}" already exists.`);
    const { rows } = await tx.query<ApiKeyRow>(
      `insert into project_api_keys (project_id, type, name, description, prefix, key_hash, key_enc)
       values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [project.id, body.type, body.name, body.description || null, prefix, hashApiKey(key), ctx.secrets.encrypt(key)],
    );
    await recordAudit(tx, actor, { action: 'project.api_key_create', organizationSlug: project.organization_slug, projectRef: ref, target: `${body.type} ${body.name}` });
    return rows[0];
  });
  await forgetProjectRow(ctx, ref);
  return present(ctx, row, true);
}

export async function deleteApiKey(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<ApiKey> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.SERVICE_API_KEYS);
  const row = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<ApiKeyRow>('delete from project_api_keys where project_id = $1 and id = $2 returning *', [project.id, id]);
    if (!rows[0]) throw new PlinthError('api_key_not_found');
    await recordAudit(tx, actor, { action: 'project.api_key_delete', organizationSlug: project.organization_slug, projectRef: ref, target: `${rows[0].type} ${rows[0].name}` });
    return rows[0];
  });
  await forgetProjectRow(ctx, ref);
  return present(ctx, row, false);
}
