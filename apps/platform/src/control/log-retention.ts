/**
 * Log retention by plan (Free 1 day, Pro 7, Team 28, Enterprise 90): the scheduled `logs-retention`
 * job first keeps the day partitions in order (log-partitions.ts: the next days made, days past the
 * longest retention dropped whole), then deletes each project's entries older than its
 * organisation's plan keeps them; a deleted project's entries are kept as long as a Free project's.
 * Deletes go by project along the (project_ref, timestamp) index, in batches of about DELETE_BATCH
 * rows (more when timestamps tie at a batch's end), each its own statement, so the job never holds
 * many row locks or a long transaction while the log writer keeps inserting.
 */
import { LOG_RETENTION_DAYS } from '@plinth/api-contract';
import { isPlan } from '@plinth/plans';
import { LOG_SOURCES } from '../data-plane/logs/sources.ts';
import type { Queryable } from '../engines/types.ts';
import type { ControlContext } from './context.ts';
import { maintainLogPartitions, type PartitionOutcome } from './log-partitions.ts';

/** Rows per DELETE statement. */
const DELETE_BATCH = 5000;

export interface RetentionOutcome {
  /** Entries deleted, by source (sources with none left out). */
  deleted: Record<string, number>;
  partitions: PartitionOutcome;
}

export async function deleteExpiredLogs(ctx: Pick<ControlContext, 'db'>, options: { batchSize?: number } = {}): Promise<RetentionOutcome> {
  const batchSize = options.batchSize ?? DELETE_BATCH;
  // First: a dropped partition's rows need no deleting.
  const partitions = await maintainLogPartitions(ctx.db);
  const retentionDays = await retentionByProject(ctx.db);
  const deleted: Record<string, number> = {};
  for (const source of LOG_SOURCES) {
    for (const ref of await projectRefsIn(ctx.db, source)) {
      const days = retentionDays.get(ref) ?? LOG_RETENTION_DAYS.free;
      let count: number;
      do {
        // The table name is one of LOG_SOURCES (a fixed list), never input. A batch is a time range
        // (up to the batch's newest timestamp, found along the index), not a list of ids: deleting
        // by id from a partitioned table would join the ids against every partition.
        ({ affectedRows: count } = await ctx.db.query(
          `delete from "${source}" where project_ref = $1 and timestamp < now() - make_interval(days => $2)
             and timestamp <= coalesce((
               select timestamp from "${source}" where project_ref = $1 and timestamp < now() - make_interval(days => $2)
               order by timestamp offset $3 - 1 limit 1), 'infinity')`,
          [ref, days, batchSize],
        ));
        if (count > 0) deleted[source] = (deleted[source] ?? 0) + count;
      } while (count >= batchSize);
    }
  }
  return { deleted, partitions };
}

/** Days of logs each existing project keeps, by its organisation's plan. */
async function retentionByProject(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ ref: string; plan: string }>('select p.ref, o.plan from projects p join organizations o on o.id = p.organization_id');
  return new Map(rows.map(({ ref, plan }) => [ref, LOG_RETENTION_DAYS[isPlan(plan) ? plan : 'free']]));
}

/**
 * The projects with entries in `source`, deleted ones included: a walk down the (project_ref,
 * timestamp) index from one ref to the next, so its cost is the number of projects, not of rows.
 */
async function projectRefsIn(db: Queryable, source: string): Promise<string[]> {
  const { rows } = await db.query<{ project_ref: string }>(
    `with recursive refs as (
       (select project_ref from "${source}" order by project_ref limit 1)
       union all
       select (select s.project_ref from "${source}" s where s.project_ref > refs.project_ref order by s.project_ref limit 1)
       from refs where refs.project_ref is not null
     )
     select project_ref from refs where project_ref is not null`,
  );
  return rows.map((row) => row.project_ref);
}
