import { randomBytes, randomUUID } from 'node:crypto';
import { PlinthError } from '@plinth/errors';
import { Action, Resource, can } from '@plinth/permissions';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import type { JobAttempt } from './job-queue.ts';
import type { JobPayloads } from './jobs/catalog.ts';
import { signApiKey } from './project-keys.ts';
import { accessProject, locationOf } from './project-rows.ts';
// The docs read the REST API's own document, so the two cannot disagree.
import { restOpenApi } from '../data-plane/rest/index.ts';
import { forgetProjectRow } from './project-caches.ts';

export interface JwtSecretUpdateStatus {
  status: 'updating' | 'updated' | 'failed';
  progress: string | null;
  error: string | null;
  change_tracking_id: string;
}

export async function jwtSecretUpdateStatus(ctx: ControlContext, actor: Actor, ref: string): Promise<{ jwtSecretUpdateStatus: { meta: JwtSecretUpdateStatus } | null }> {
  const { project } = await accessProject(ctx, actor, ref);
  const { rows } = await ctx.db.query<{ jwt_update_status: JwtSecretUpdateStatus['status'] | null; jwt_update_progress: string | null; jwt_update_error: string | null; jwt_update_change_id: string | null }>(
    'select jwt_update_status, jwt_update_progress, jwt_update_error, jwt_update_change_id from projects where id = $1',
    [project.id],
  );
  const row = rows[0];
  if (!row?.jwt_update_status || !row.jwt_update_change_id) return { jwtSecretUpdateStatus: null };
  return {
    jwtSecretUpdateStatus: {
      meta: { status: row.jwt_update_status, progress: row.jwt_update_progress, error: row.jwt_update_error, change_tracking_id: row.jwt_update_change_id },
    },
  };
}

/**
 * Rotates the project's JWT secret: generated, or the caller's own (at least 32 characters). The
 * anon and service keys are re-signed with it in the same update, so from that moment every key
 * and session signed with the old secret is rejected.
 */
export async function updateJwtSecret(ctx: ControlContext, actor: Actor, ref: string, requested: string | undefined): Promise<{ change_tracking_id: string }> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.SERVICE_API_KEYS);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active');
  const changeId = randomUUID();
  // The status and the job commit together: a status left 'updating' without its job would block every later rotation.
  await ctx.jobs.transaction(async (tx) => {
    const started = await tx.query(
      `update projects set jwt_update_status = 'updating', jwt_update_progress = 'Generating new API keys', jwt_update_error = null, jwt_update_change_id = $2
       where id = $1 and coalesce(jwt_update_status, '') <> 'updating'`,
      [project.id, changeId],
    );
    if (started.affectedRows === 0) throw new PlinthError('jwt_secret_update_in_progress');
    await recordAudit(tx, actor, { action: 'project.jwt_secret_update', organizationSlug: project.organization_slug, projectRef: ref, target: project.name });
    await tx.send('project-jwt-rotate', {
      ref,
      changeId,
      // The job table is no place for a secret in clear: it goes encrypted, like the project's own.
      requestedSecretEncrypted: requested === undefined ? null : ctx.secrets.encrypt(requested),
    });
  });
  return { change_tracking_id: changeId };
}

/**
 * The rotation job: a new secret (the requested one, or generated) and keys re-signed with it, in
 * one update, so a retry after a crash either finds it done or does all of it. A rotation that was
 * superseded (another change id) is left alone.
 */
export async function rotateJwtSecret(ctx: ControlContext, job: JobPayloads['project-jwt-rotate'], attempt: JobAttempt): Promise<void> {
  const { ref, changeId } = job;
  try {
    const secret = job.requestedSecretEncrypted ? ctx.secrets.decrypt(job.requestedSecretEncrypted) : randomBytes(32).toString('base64url');
    const [anonKey, serviceKey] = await Promise.all([signApiKey(secret, ref, 'anon'), signApiKey(secret, ref, 'service_role')]);
    await ctx.db.query(
      `update projects set jwt_secret_enc = $2, anon_key = $3, service_key_enc = $4,
         jwt_update_status = 'updated', jwt_update_progress = 'Completed', jwt_update_error = null
       where ref = $1 and jwt_update_change_id = $5 and jwt_update_status in ('updating', 'failed')`,
      [ref, ctx.secrets.encrypt(secret), anonKey, ctx.secrets.encrypt(serviceKey), changeId],
    );
    // Every node refuses tokens signed with the old secret from now on, not only within its cache's second.
    await forgetProjectRow(ctx, ref);
  } catch (error) {
    if (attempt.isFinal) {
      await ctx.db.query(`update projects set jwt_update_status = 'failed', jwt_update_error = $2 where ref = $1 and jwt_update_change_id = $3`, [
        ref,
        error instanceof Error ? error.message : String(error),
        changeId,
      ]);
    }
    throw error;
  }
}

export interface PostgrestConfig {
  db_schema: string;
  max_rows: number;
  db_plan_enabled: boolean;
}

export async function postgrestConfig(ctx: ControlContext, actor: Actor, ref: string): Promise<PostgrestConfig> {
  const { project } = await accessProject(ctx, actor, ref);
  const { rows } = await ctx.db.query<{ api_exposed_schemas: string[]; api_max_rows: number; api_db_plan_enabled: boolean }>(
    'select api_exposed_schemas, api_max_rows, api_db_plan_enabled from projects where id = $1',
    [project.id],
  );
  return { db_schema: rows[0].api_exposed_schemas.join(','), max_rows: rows[0].api_max_rows, db_plan_enabled: rows[0].api_db_plan_enabled };
}

/** Exposed schemas must exist in the project's database; a typo would otherwise hide the whole API. */
export async function updatePostgrestConfig(ctx: ControlContext, actor: Actor, ref: string, changes: Partial<Omit<PostgrestConfig, 'db_schema'> & { db_schema: string }>): Promise<PostgrestConfig> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_WRITE, Resource.SQL);
  let schemas: string[] | null = null;
  if (changes.db_schema !== undefined) {
    schemas = [...new Set(changes.db_schema.split(',').map((s) => s.trim()).filter(Boolean))];
    if (schemas.length === 0) throw new PlinthError('validation_failed', 'db_schema: expose at least one schema');
    if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active');
    const db = await ctx.engine.project(locationOf(project));
    const { rows } = await db.query<{ nspname: string }>('select nspname from pg_namespace where nspname = any($1::text[])', [schemas]);
    const missing = schemas.filter((s) => !rows.some((r) => r.nspname === s));
    if (missing.length > 0) throw new PlinthError('validation_failed', `db_schema: no such schema: ${missing.join(', ')}`);
  }
  await ctx.db.query(
    `update projects set api_exposed_schemas = coalesce($2, api_exposed_schemas), api_max_rows = coalesce($3, api_max_rows),
       api_db_plan_enabled = coalesce($4, api_db_plan_enabled) where id = $1`,
    [project.id, schemas, changes.max_rows ?? null, changes.db_plan_enabled ?? null],
  );
  await recordAudit(ctx.db, actor, { action: 'project.api_settings_update', organizationSlug: project.organization_slug, projectRef: ref, target: Object.keys(changes).join(', ') });
  // The data plane reads the new settings with its next request rather than within the second it caches them.
  await forgetProjectRow(ctx, ref);
  return postgrestConfig(ctx, actor, ref);
}

/**
 * The REST API's own OpenAPI document, for the API docs: as service_role for members who may read
 * the service key (they see every table), as anon otherwise (what the public key can reach).
 */
export async function projectRestDocument(ctx: ControlContext, actor: Actor, ref: string): Promise<Record<string, unknown>> {
  const { project, role } = await accessProject(ctx, actor, ref);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active');
  const config = await postgrestConfig(ctx, actor, ref);
  return restOpenApi(
    {
      db: await ctx.engine.project(locationOf(project)),
      exposedSchemas: config.db_schema.split(','),
      maxRows: config.max_rows,
      baseUrl: `${ctx.config.publicUrl}/p/${ref}/rest/v1`,
    },
    can(role, Action.READ, Resource.SERVICE_API_KEYS) ? 'service_role' : 'anon',
  );
}
