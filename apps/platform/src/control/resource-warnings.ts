/**
 * GET /platform/projects-resource-warnings: the banner of spec document 1 from real measurements.
 * Disk: the project database's size (pg_database_size) against its disk quota (what its
 * organisation's plan includes, disk-usage.ts), a warning from 80 %, critical from 95 %.
 * `is_readonly_mode_enabled` is the project's read-only mode (projects.read_only_since), with disk
 * critical. Resources Plinth does not measure (disk IO budget, CPU, memory, auth e-mail) stay null
 * rather than guessed. Sizes come from disk-usage.ts, which never wakes a stopped project for them.
 */
import type { ResourceWarning } from '@plinth/api-contract';
import type { Plan } from '@plinth/plans';
import type { Actor, ControlContext } from './context.ts';
import { databaseBytes, diskQuotaOf } from './disk-usage.ts';
import type { ProjectRow } from './project-rows.ts';

export const DISK_WARNING_RATIO = 0.8;
export const DISK_CRITICAL_RATIO = 0.95;

export function diskLevel(used: number, included: number | null): ResourceWarning['disk_space_exhaustion'] {
  if (included === null || included <= 0) return null;
  const ratio = used / included;
  if (ratio >= DISK_CRITICAL_RATIO) return 'critical';
  return ratio >= DISK_WARNING_RATIO ? 'warning' : null;
}

/** One entry per project of the caller's organisations that has something to warn about. */
export async function resourceWarnings(ctx: ControlContext, actor: Actor): Promise<ResourceWarning[]> {
  const { rows } = await ctx.db.query<Pick<ProjectRow, 'ref' | 'db_server'> & { plan: Plan; read_only_since: Date | string | null }>(
    `select p.ref, p.db_server, p.read_only_since, o.plan from projects p join organizations o on o.id = p.organization_id
     join members m on m.organization_id = p.organization_id and m.user_id = $1
     where p.status = 'ACTIVE_HEALTHY' order by p.ref`,
    [actor.userId],
  );
  const measured = await Promise.all(
    rows.map(async (project) => {
      const isReadOnly = project.read_only_since !== null;
      if (isReadOnly) return { project, isReadOnly, level: 'critical' as const };
      const included = diskQuotaOf(ctx, project.plan);
      const used = included === null ? null : await databaseBytes(ctx, project);
      return { project, isReadOnly, level: used === null ? null : diskLevel(used, included) };
    }),
  );
  return measured
    .filter(({ level, isReadOnly }) => level !== null || isReadOnly)
    .map(({ project, level, isReadOnly }) => ({
      project: project.ref,
      is_readonly_mode_enabled: isReadOnly,
      disk_io_exhaustion: null,
      disk_space_exhaustion: level,
      cpu_exhaustion: null,
      memory_and_swap_exhaustion: null,
      auth_email_offender: null,
      auth_rate_limit_exhaustion: null,
      auth_restricted_email_sending: null,
      need_pitr: null,
    }));
}
