/**
 * The operator's view of the job queue: every job with its state, attempts and last error, and a
 * retry for a failed one. pg-boss has no listing call, so this reads its job table (the schema of
 * the pinned pg-boss version); jobs leave that table when archived (completed after 12 h, failed
 * after 7 days, see job-queue.ts).
 */
import type { ResponseOf } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { Actor, ControlContext } from '../context.ts';
import { JOB_SCHEMA, jobErrorMessage } from './boss-tables.ts';
import { assertOperator } from '../operators.ts';
import { isJobName } from './catalog.ts';

type JobView = ResponseOf<'adminJobRetry'>;
type JobState = JobView['state'];

interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: Record<string, unknown> | null;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  start_after: Date;
}

const JOB_COLUMNS = `id::text as id, name, state::text as state, data, retry_count, retry_limit, output,
  created_on, started_on, completed_on, start_after`;

/** Payload fields named ...Encrypted hold a secret (encrypted even so): the operator sees that one is there, not what. */
function withoutSecrets(data: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!data) return null;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, key.endsWith('Encrypted') && value !== null ? '[encrypted]' : value]));
}

const isoOrNull = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function presentJob(row: JobRow): JobView {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    data: withoutSecrets(row.data),
    retry_count: row.retry_count,
    retry_limit: row.retry_limit,
    error: row.state === 'failed' || row.state === 'retry' ? jobErrorMessage(row.output) : null,
    created_at: new Date(row.created_on).toISOString(),
    started_at: isoOrNull(row.started_on),
    completed_at: isoOrNull(row.completed_on),
    start_after: new Date(row.start_after).toISOString(),
  };
}

async function jobRowById(db: Queryable, id: string): Promise<JobRow | undefined> {
  return (await db.query<JobRow>(`select ${JOB_COLUMNS} from ${JOB_SCHEMA}.job where id = $1::uuid`, [id])).rows[0];
}

export async function listJobs(
  ctx: ControlContext,
  actor: Actor,
  filter: { state?: JobState; name?: string; limit: number; offset: number },
): Promise<ResponseOf<'adminJobs'>> {
  assertOperator(ctx, actor);
  const where = `where ($1::text is null or state::text = $1) and ($2::text is null or name = $2)`;
  const params = [filter.state ?? null, filter.name ?? null];
  const [page, count] = await Promise.all([
    ctx.db.query<JobRow>(`select ${JOB_COLUMNS} from ${JOB_SCHEMA}.job ${where} order by created_on desc, id limit $3 offset $4`, [
      ...params,
      filter.limit,
      filter.offset,
    ]),
    ctx.db.query<{ total: number }>(`select count(*)::int as total from ${JOB_SCHEMA}.job ${where}`, params),
  ]);
  return { jobs: page.rows.map(presentJob), total: count.rows[0].total };
}

/** A failed job runs once more (its retries were spent); the job's own handler decides what that redoes. */
export async function retryJob(ctx: ControlContext, actor: Actor, id: string): Promise<JobView> {
  assertOperator(ctx, actor);
  const row = await jobRowById(ctx.db, id);
  if (!row || !isJobName(row.name)) throw new PlinthError('job_not_found');
  if (row.state !== 'failed') throw new PlinthError('job_not_retryable', `Only a failed job can be retried; this one is ${row.state}.`);
  await ctx.jobs.retry(row.name, id);
  const retried = await jobRowById(ctx.db, id);
  if (!retried) throw new PlinthError('job_not_found');
  return presentJob(retried);
}
