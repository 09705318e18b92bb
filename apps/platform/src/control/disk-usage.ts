/**
 * A project's disk: its quota and the size of its database, for the resource warnings, read-only
 * mode and Settings > Infrastructure.
 *
 * The quota is what the organisation's plan includes (`limits(plan).databaseSizeBytes`), or
 * PLINTH_DISK_QUOTA_BYTES instead when the operator sets it (a machine with small disks; tests).
 * Enterprise's is custom (null): nothing is enforced, with or without the setting.
 *
 * Measuring never wakes a project unless asked to: only a database open right now is asked
 * (engine.whenOpen), so a local cluster stopped by scale to zero keeps the size measured before it
 * stopped, which cannot have grown since. Sizes are kept per node for 30 s, as the banner polls for
 * every open tab.
 */
import { limits, type Plan } from '@plinth/plans';
import type { Queryable } from '../engines/types.ts';
import type { ControlContext } from './context.ts';
import { locationOf, type ProjectRow } from './project-rows.ts';

export function diskQuotaOf(ctx: Pick<ControlContext, 'config'>, plan: Plan): number | null {
  const included = limits(plan).databaseSizeBytes;
  return included === null ? null : (ctx.config.diskQuotaBytes ?? included);
}

const SIZE_TTL_MS = 30_000;

interface Measured {
  bytes: number;
  at: number;
}

// Per node and per platform (tests run several in one process); a lost entry costs one query.
const sizes = new WeakMap<ControlContext, Map<string, Measured>>();

const sizeOf = async (db: Queryable) => {
  const { rows } = await db.query<{ size: number }>('select pg_database_size(current_database())::float8 as size');
  return Number(rows[0].size);
};

/**
 * The database's size, at most `maxAgeMs` old (the banner's 30 s by default), or the last one known
 * when it is not open; `wake` measures a closed database too, opening it (read-only-mode.ts, when a
 * plan changed or the SQL editor freed space).
 */
export async function databaseBytes(
  ctx: ControlContext,
  project: Pick<ProjectRow, 'ref' | 'db_server'>,
  options: { maxAgeMs?: number; wake?: boolean } = {},
): Promise<number | null> {
  let known = sizes.get(ctx);
  if (!known) sizes.set(ctx, (known = new Map()));
  const last = known.get(project.ref);
  if (last && Date.now() - last.at < (options.maxAgeMs ?? SIZE_TTL_MS)) return last.bytes;
  const location = locationOf(project);
  const measuring = options.wake ? ctx.engine.project(location).then(sizeOf) : ctx.engine.whenOpen(location, sizeOf);
  const bytes = await measuring.catch(() => null);
  if (bytes === null) return last?.bytes ?? null;
  known.set(project.ref, { bytes, at: Date.now() });
  return bytes;
}

