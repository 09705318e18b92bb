/**
 * What the platform reads and writes in pg-boss's own job table, beyond pg-boss's API: pg-boss 10
 * has no call to list jobs, to say when the next one is due, or to extend a running job's expiry.
 * The columns are those of the pinned pg-boss version (apps/platform/package.json); a version
 * change means checking these statements (and the test seed is rebuilt with it).
 */
import type { Queryable } from '../../engines/types.ts';

/** The schema pg-boss keeps its tables in, in the platform database. */
export const JOB_SCHEMA = 'pgboss';

/** Per queue with waiting jobs: 0 when one is due now, else the milliseconds until the next is. */
export async function dueInMsByQueue(db: Queryable): Promise<{ name: string; due_in_ms: number }[]> {
  const { rows } = await db.query<{ name: string; due_in_ms: number }>(
    // created and retry sort before active in pg-boss's job_state enum.
    `select name, greatest(0, extract(epoch from min(start_after) - now()) * 1000)::float8 as due_in_ms
     from ${JOB_SCHEMA}.job where state < 'active' group by name`,
  );
  return rows;
}

/** Jobs marked running, by any process. */
export async function activeJobs(db: Queryable): Promise<{ name: string; id: string }[]> {
  return (await db.query<{ name: string; id: string }>(`select name, id::text as id from ${JOB_SCHEMA}.job where state = 'active'`)).rows;
}

/**
 * The lease: pg-boss's maintenance fails an active job once started_on + expire_in has passed, so
 * moving expire_in to `seconds` from now keeps a job that is still running from expiring.
 */
export async function extendLeases(db: Queryable, ids: string[], seconds: number): Promise<void> {
  await db.query(
    `update ${JOB_SCHEMA}.job set expire_in = (now() - started_on) + make_interval(secs => $2)
     where id = any($1::uuid[]) and state = 'active'`,
    [ids, seconds],
  );
}

/** The message pg-boss stored for a failed attempt: ours ({ message }) or its own ({ value: { message } }). */
export function jobErrorMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const record = output as { message?: unknown; value?: { message?: unknown } };
  if (typeof record.message === 'string') return record.message;
  if (typeof record.value?.message === 'string') return record.value.message;
  return null;
}
