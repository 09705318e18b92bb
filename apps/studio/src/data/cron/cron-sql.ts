/**
 * The SQL the Cron page runs through the SQL endpoint: pg_cron's own functions (cron.schedule,
 * cron.alter_job, cron.unschedule) and tables, so what the page does is what SQL does. Values are
 * string constants (quote.ts); job ids are checked to be digits.
 */
import { literal } from '../sql/quote.ts';

/** How many runs of a job the history shows. */
export const RUNS_SHOWN = 20;

function jobId(id: string): string {
  if (!/^\d+$/.test(id)) throw new Error(`Not a job id: ${id}`);
  return id;
}

export const listJobsSql = `select j.jobid::text, j.jobname, j.schedule, j.command, j.username, j.active,
  (select d.status from cron.job_run_details d where d.jobid = j.jobid order by d.start_time desc limit 1) as last_status,
  (select max(d.start_time) from cron.job_run_details d where d.jobid = j.jobid) as last_run
from cron.job j order by j.jobname nulls last, j.jobid`;

export function listRunsSql(id: string): string {
  return `select runid::text, status, return_message, start_time, end_time from cron.job_run_details
where jobid = ${jobId(id)} order by start_time desc limit ${RUNS_SHOWN}`;
}

export function scheduleJobSql(input: { name: string; schedule: string; command: string }): string {
  return `select cron.schedule(${literal(input.name)}, ${literal(input.schedule)}, ${literal(input.command)})`;
}

export function alterJobSql(id: string, change: { schedule?: string; command?: string; active?: boolean }): string {
  const args = [`job_id := ${jobId(id)}`];
  if (change.schedule !== undefined) args.push(`schedule := ${literal(change.schedule)}`);
  if (change.command !== undefined) args.push(`command := ${literal(change.command)}`);
  if (change.active !== undefined) args.push(`active := ${change.active ? 'true' : 'false'}`);
  return `select cron.alter_job(${args.join(', ')})`;
}

export function unscheduleJobSql(id: string): string {
  return `select cron.unschedule(${jobId(id)}::bigint)`;
}
