/**
 * GET /platform/projects-resource-warnings: the banner of spec document 1 from real measurements.
 * Disk: the project database's size (pg_database_size) against what its organisation's plan
 * includes, a warning from 80 %, critical from 95 %. Resources Plinth does not measure (disk IO
 * budget, CPU, memory, auth e-mail) stay null rather than guessed. Read-only mode is not built: it
 * is always false.
 *
 * Measuring never wakes a project: only a database open right now is asked (engine.whenOpen), so
 * a local cluster stopped by scale to zero keeps the size measured before it stopped, which cannot
 * have grown since. Sizes are kept per node for 30 s, as the banner polls for every open tab.
 */
import type { ResourceWarning } from '@plinth/api-contract';
import { limits, type Plan } from '@plinth/plans';
import type { Actor, ControlContext } from './context.ts';
import { locationOf, type ProjectRow } from './project-rows.ts';

export const DISK_WARNING_RATIO = 0.8;
export const DISK_CRITICAL_RATIO = 0.95;
const SIZE_TTL_MS = 30_000;

interface Measured {
  bytes: number;
  at: number;
}

// Per node and per platform (tests run several in one process); a lost entry costs one query.
const sizes = new WeakMap<ControlContext, Map<string, Measured>>();

async function databaseBytes(ctx: ControlContext, project: Pick<ProjectRow, 'ref' | 'db_server'>): Promise<number | null> {
  let known = sizes.get(ctx);
  if (!known) sizes.set(ctx, (known = new Map()));
  const last = known.get(project.ref);
  if (last && Date.now() - last.at < SIZE_TTL_MS) return last.bytes;
  const bytes = await ctx.engine
    .whenOpen(locationOf(project), async (db) => {
      const { rows } = await db.query<{ size: number }>('select pg_database_size(current_database())::float8 as size');
      return Number(rows[0].size);
    })
    .catch(() => null);
  if (bytes === null) return last?.bytes ?? null;
  known.set(project.ref, { bytes, at: Date.now() });
  return bytes;
}

export function diskLevel(used: number, included: number | null): ResourceWarning['disk_space_exhaustion'] {
  if (included === null || included <= 0) return null;
  const ratio = used / included;
  if (ratio >= DISK_CRITICAL_RATIO) return 'critical';
  return ratio >= DISK_WARNING_RATIO ? 'warning' : null;
}

/** One entry per project of the caller's organisations that has something to warn about. */
export async function resourceWarnings(ctx: ControlContext, actor: Actor): Promise<ResourceWarning[]> {
  const { rows } = await ctx.db.query<Pick<ProjectRow, 'ref' | 'db_server'> & { plan: Plan }>(
    `select p.ref, p.db_server, o.plan from projects p join organizations o on o.id = p.organization_id
     join members m on m.organization_id = p.organization_id and m.user_id = $1
     where p.status = 'ACTIVE_HEALTHY' order by p.ref`,
    [actor.userId],
  );
  const measured = await Promise.all(
    rows.map(async (project) => {
      const included = limits(project.plan).databaseSizeBytes;
      const used = included === null ? null : await databaseBytes(ctx, project);
      return { project, level: used === null ? null : diskLevel(used, included) };
    }),
  );
  return measured
    .filter(({ level }) => level !== null)
    .map(({ project, level }) => ({
      project: project.ref,
      is_readonly_mode_enabled: false,
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
