import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';
import { projectCreateBody, projectSchema } from './projects.ts';

/**
 * Backups (Database > Backups): logical backups of a project's database (a gzip pg_dump SQL file in
 * the object store), made daily as the plan keeps them and on demand, downloadable, restorable into
 * the same project. Supabase's list shape, plus `size_bytes` and `kind` for the studio.
 */
export const BACKUP_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;

export const backupSchema = z.object({
  id: z.number().int(),
  inserted_at: z.string(),
  status: z.enum(BACKUP_STATUSES),
  /** Always false: Plinth's backups are logical (SQL), not physical copies of the data directory. */
  is_physical_backup: z.boolean(),
  kind: z.enum(['scheduled', 'manual']),
  /** Bytes of the gzip file; null until it is made. */
  size_bytes: z.number().int().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.object({
  backups: z.array(backupSchema),
  /** Point-in-time recovery (a paid add-on, local engine only) is on for the project. */
  pitr_enabled: z.boolean(),
  /** What point-in-time recovery can reach (Supabase's shape): absent until the first base backup is made. */
  physical_backup_data: z.object({
    earliest_physical_backup_date_unix: z.number().int().optional(),
    latest_physical_backup_date_unix: z.number().int().optional(),
  }),
  /** Why point-in-time recovery cannot be enabled here (the engine or the plan); null where it can or is. */
  pitr_unavailable_reason: z.string().nullable(),
  /** Why the range starts later than PITR was enabled (a pause freed the history before it); null otherwise. */
  pitr_history_note: z.string().nullable(),
  region: z.string(),
  /** Days scheduled backups are kept on the organisation's plan; 0: none (Free). */
  retention_days: z.number().int(),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupRestoreBody = z.object({ id: z.coerce.number().int().positive() });
/** A new project in the backup's organisation, as a project is created, which the backup is then imported into. */
export const backupRestoreToNewProjectBody = projectCreateBody.pick({ name: true, db_pass: true });

/** Supabase's body: the moment to recover to, in seconds since the epoch (UTC). */
export const backupPitrRestoreBody = z.object({ recovery_time_target_unix: z.coerce.number().int().positive() });

const refParams = z.object({ ref: refSchema });
const backupParams = z.object({ ref: refSchema, id: z.coerce.number().int().positive() });

export const backupEndpoints = {
  backupList: endpoint({
    method: 'GET', path: '/database/:ref/backups',
    summary: "The project's backups, newest first (members who can see the project)",
    params: refParams, response: backupListSchema,
  }),
  backupCreate: endpoint({
    method: 'POST', path: '/database/:ref/backups',
    summary: 'Backs the database up now: answers with the PENDING backup while a job makes it (Owner or Administrator)',
    params: refParams, response: backupSchema,
  }),
  backupDownload: endpoint({
    method: 'GET', path: '/database/:ref/backups/:id/download',
    summary: 'The backup as a gzip SQL file (Owner or Administrator)',
    params: backupParams, response: z.string(), responseMediaType: 'application/gzip',
  }),
  backupRestore: endpoint({
    method: 'POST', path: '/database/:ref/backups/restore',
    summary: 'Restores the project to a backup: RESTORING while a job replaces the data, then ACTIVE_HEALTHY (Owner or Administrator)',
    params: refParams, body: backupRestoreBody, response: z.object({ ok: z.literal(true) }),
  }),
  backupRestoreToNewProject: endpoint({
    method: 'POST', path: '/database/:ref/backups/:id/restore-to-new-project',
    summary: "Creates a project in the same organisation and imports the backup into it once it is up; this project is not changed (Owner or Administrator, who may create projects)",
    params: backupParams, body: backupRestoreToNewProjectBody, response: projectSchema,
  }),
  backupPitrEnable: endpoint({
    method: 'POST', path: '/database/:ref/backups/pitr/enable',
    summary: "Enables point-in-time recovery (a paid add-on, local engine only): WAL archiving on the project's cluster, which restarts, and a first base backup (Owner or Administrator)",
    params: refParams, response: z.object({ ok: z.literal(true) }),
  }),
  backupPitrDisable: endpoint({
    method: 'POST', path: '/database/:ref/backups/pitr/disable',
    summary: 'Disables point-in-time recovery: archiving stops (a restart) and the archive and base backups are deleted (Owner or Administrator)',
    params: refParams, response: z.object({ ok: z.literal(true) }),
  }),
  backupPitrRestore: endpoint({
    method: 'POST', path: '/database/:ref/backups/pitr',
    summary: 'Recovers the database to a moment: RESTORING while a job replays it, then ACTIVE_HEALTHY; what was written after the moment is lost (Owner or Administrator)',
    params: refParams, body: backupPitrRestoreBody, response: z.object({ ok: z.literal(true) }),
  }),
  v1BackupList: endpoint({
    method: 'GET', path: '/projects/:ref/database/backups', scope: 'database:read',
    summary: "The project's backups, newest first",
    params: refParams, response: backupListSchema,
  }),
  v1BackupRestore: endpoint({
    method: 'POST', path: '/projects/:ref/database/backups/restore', scope: 'database:write',
    summary: 'Restores the project to a backup (Owner or Administrator)',
    params: refParams, body: backupRestoreBody, response: z.object({ ok: z.literal(true) }),
  }),
  v1BackupRestorePitr: endpoint({
    method: 'POST', path: '/projects/:ref/database/backups/restore-pitr', scope: 'database:write',
    summary: 'Recovers the database to a moment (point-in-time recovery; Owner or Administrator)',
    params: refParams, body: backupPitrRestoreBody, response: z.object({ ok: z.literal(true) }),
  }),
} as const satisfies Record<string, Endpoint>;
