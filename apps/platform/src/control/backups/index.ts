/**
 * Backups of a project's database (Database > Backups): the list, "Back up now", download, and
 * restore into the same project or a new one. Each is: access -> authorize -> act (a row or a status
 * and a durable job in one transaction) -> audit -> present. The work itself is in make.ts,
 * restore.ts, clone.ts and schedule.ts, run by jobs, so any node does it and a crash retries it.
 */
import type { Readable } from 'node:stream';
import type { Backup, BackupList, BodyOf, Project } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { backupRetentionDays } from '@plinth/plans';
import { authorize } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { accessProject, setStatus, type ProjectRow } from '../project-rows.ts';
import { createProject } from '../projects.ts';
import { pitrSummary } from './pitr.ts';
import { backupById, backupsOf, insertBackup, presentBackup } from './store.ts';

/** Making, downloading and restoring a backup is what an export and an import are: Owner or Administrator. */
async function accessForChange(ctx: ControlContext, actor: Actor, ref: string): Promise<{ project: ProjectRow; organizationSlug: string }> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.INFRA_EXECUTE, Resource.BACKUPS);
  return { project, organizationSlug: organization.slug };
}

function assertActive(project: ProjectRow): void {
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active', 'Backups are made and restored while the project is healthy.');
}

export async function listBackups(ctx: ControlContext, actor: Actor, ref: string): Promise<BackupList> {
  const { project, organization } = await accessProject(ctx, actor, ref);
  return {
    backups: (await backupsOf(ctx.db, ref)).map(presentBackup),
    ...(await pitrSummary(ctx, project, organization.plan)),
    region: project.region,
    retention_days: backupRetentionDays(organization.plan),
  };
}

/** A manual backup: PENDING at once, COMPLETED when its job has made it (the studio polls the list). */
export async function backUpNow(ctx: ControlContext, actor: Actor, ref: string): Promise<Backup> {
  const { project, organizationSlug } = await accessForChange(ctx, actor, ref);
  assertActive(project);
  const backup = await ctx.jobs.transaction(async (tx) => {
    const row = await insertBackup(tx, ref, 'manual');
    await tx.send('backup-create', { ref, backupId: Number(row.id) });
    return row;
  });
  await recordAudit(ctx.db, actor, { action: 'project.backup_create', organizationSlug, projectRef: ref, target: String(backup.id) });
  return presentBackup(backup);
}

/** The backup's gzip SQL file, streamed from the object store. */
export async function downloadBackup(ctx: ControlContext, actor: Actor, ref: string, id: number): Promise<{ filename: string; size: number; body: Readable }> {
  const { organizationSlug } = await accessForChange(ctx, actor, ref);
  const backup = await backupById(ctx.db, ref, id);
  if (!backup?.object_key || backup.status !== 'COMPLETED') throw new PlinthError('backup_not_found');
  const found = await ctx.objects.get(backup.object_key);
  if (!found) throw new PlinthError('backup_not_found', 'The backup file is missing from the object store.');
  await recordAudit(ctx.db, actor, { action: 'project.backup_download', organizationSlug, projectRef: ref, target: String(id) });
  const stamp = new Date(backup.inserted_at).toISOString().replace(/[:.]/g, '-');
  return { filename: `${ref}-${stamp}.sql.gz`, size: found.object.size, body: found.body };
}

/** ACTIVE_HEALTHY -> RESTORING with the backup-restore job, in one transaction; the job brings it back. */
export async function restoreBackup(ctx: ControlContext, actor: Actor, ref: string, id: number): Promise<{ ok: true }> {
  const { project, organizationSlug } = await accessForChange(ctx, actor, ref);
  assertActive(project);
  const backup = await backupById(ctx.db, ref, id);
  if (!backup || backup.status !== 'COMPLETED') throw new PlinthError('backup_not_found', 'Only a completed backup of this project can be restored.');
  await ctx.jobs.transaction(async (tx) => {
    await setStatus(tx, ref, 'RESTORING');
    await tx.send('backup-restore', { ref, backupId: id });
  });
  await recordAudit(ctx.db, actor, { action: 'project.backup_restore', organizationSlug, projectRef: ref, target: String(id) });
  return { ok: true };
}

/**
 * A new project in the backup's organisation (created as any project is: the caller must be allowed
 * to, within the free-project limit), into which the backup-clone job imports the backup once it is
 * up. This project is not changed. Answers with the new project, COMING_UP.
 */
export async function restoreToNewProject(ctx: ControlContext, actor: Actor, ref: string, id: number, body: BodyOf<'backupRestoreToNewProject'>): Promise<Project> {
  const { organizationSlug } = await accessForChange(ctx, actor, ref);
  const backup = await backupById(ctx.db, ref, id);
  if (!backup || backup.status !== 'COMPLETED') throw new PlinthError('backup_not_found', 'Only a completed backup of this project can be restored.');
  const project = await createProject(ctx, actor, { ...body, organization_slug: organizationSlug });
  await ctx.jobs.send('backup-clone', { ref: project.ref, sourceRef: ref, backupId: id });
  await recordAudit(ctx.db, actor, { action: 'project.backup_restore_new_project', organizationSlug, projectRef: ref, target: `${id} -> ${project.ref}` });
  return project;
}
