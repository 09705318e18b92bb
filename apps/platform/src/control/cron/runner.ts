/**
 * Runs the jobs of cron.job (pg_cron's table, see schema.sql) for every project that enabled cron.
 *
 * The durable `cron-tick` job (jobs/catalog.ts, one per CRON_TICK_SECONDS across all nodes) reads the
 * active jobs of each enabled ACTIVE_HEALTHY project and plans the runs due until a little after the
 * next tick, as timers on the node that ran the tick. When a timer fires, the node claims the run in
 * the platform database (cron_claims: project, job, due time; first insert wins), so a run starts at
 * most once across nodes even though ticks overlap. A node that dies loses the runs it planned for
 * the next seconds; like pg_cron, a missed run is not made up later.
 *
 * A run re-reads its job (unscheduled or made inactive meanwhile: no run) and the project's status
 * (paused meanwhile: no run), records a 'running' row in cron.job_run_details, runs the command in
 * one transaction as the job's username with a statement timeout, and records 'succeeded' with the
 * last statement's result or 'failed' with the error. PGlite has no statement timeout of its own, so
 * the engine is interrupted when the time-out passes (its worker ends; the next use reopens it).
 */
import * as pgMeta from '@plinth/pg-meta';
import { errorMessage } from '@plinth/errors';
import type { Database, ProjectLocation } from '../../engines/types.ts';
import type { ControlContext } from '../context.ts';
import { CRON_TICK_SECONDS } from '../jobs/catalog.ts';
import { locationOf, projectRowByRef } from '../project-rows.ts';
import { ensureCronSchema } from './index.ts';
import { dueTimes, parseSchedule } from './schedule.ts';

/** Runs planned past the next tick, so a tick that starts a little late leaves no gap. */
const OVERLAP_MS = 5_000;
/** Past due times still run when a tick plans them this late (a tick delayed by a busy queue). */
const LATE_MS = CRON_TICK_SECONDS * 1000;
/** What the engine is given after the statement timeout before it is interrupted (servers stop it themselves first). */
const INTERRUPT_GRACE_MS = 1_000;
/** Claims older than this are deleted by the tick; no planned run is ever that late. */
const CLAIMS_KEPT = '1 day';
/** pg_cron's words for a command stopped by the time-out. */
const TIMEOUT_MESSAGE = 'canceling statement due to statement timeout';

interface JobRow {
  jobid: string;
  schedule: string;
  command: string;
  username: string;
  database: string;
  active: boolean;
}

export class CronRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private isStopped = false;

  constructor(
    private readonly ctx: ControlContext,
    private readonly timeoutMs: number,
  ) {}

  /** The cron-tick job: plans the runs due from now until just after the next tick. */
  async tick(): Promise<void> {
    if (this.isStopped) return;
    await this.ctx.db.query(`delete from cron_claims where claimed_at < now() - interval '${CLAIMS_KEPT}'`);
    const { rows } = await this.ctx.db.query<{ ref: string; db_server: string | null }>(
      `select p.ref, p.db_server from cron_projects c join projects p on p.ref = c.project_ref where p.status = 'ACTIVE_HEALTHY'`,
    );
    const now = Date.now();
    for (const project of rows) {
      try {
        await this.plan(locationOf(project), new Date(now - LATE_MS), new Date(now + CRON_TICK_SECONDS * 1000 + OVERLAP_MS));
      } catch (error) {
        // One project's database being unreachable must not keep the others' jobs from running.
        this.ctx.log.error(`cron: planning the jobs of ${project.ref} failed: ${errorMessage(error)}`);
      }
    }
  }

  /** Stops planning, drops planned runs, and waits for the runs under way. */
  async stop(): Promise<void> {
    this.isStopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private async plan(location: ProjectLocation, from: Date, to: Date): Promise<void> {
    const db = await this.ctx.engine.project(location);
    // A schema.sql newer than the project's is applied before its jobs are read.
    await ensureCronSchema(db);
    const { rows } = await db.query<Pick<JobRow, 'jobid' | 'schedule'>>('select jobid::text, schedule from cron.job where active');
    for (const job of rows) {
      let due: Date[];
      try {
        due = dueTimes(parseSchedule(job.schedule), from, to);
      } catch {
        continue; // cron.schedule() checked its form; a schedule cron-parser still refuses never runs, as in pg_cron.
      }
      // Of the times already past, only the latest runs: as in pg_cron, missed runs are not made up
      // one by one (and a job scheduled just now does not run for times before it existed).
      const now = Date.now();
      const past = due.filter((at) => at.getTime() <= now);
      for (const at of [...past.slice(-1), ...due.filter((at) => at.getTime() > now)]) this.at(location, job.jobid, at);
    }
  }

  private at(location: ProjectLocation, jobid: string, due: Date): void {
    const key = `${location.ref}:${jobid}:${due.getTime()}`;
    if (this.isStopped || this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      if (this.isStopped) return;
      const run = this.run(location, jobid, due).catch((error: unknown) =>
        this.ctx.log.error(`cron: job ${jobid} of ${location.ref} could not run: ${errorMessage(error)}`));
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, Math.max(0, due.getTime() - Date.now()));
    timer.unref();
    this.timers.set(key, timer);
  }

  private async run(location: ProjectLocation, jobid: string, due: Date): Promise<void> {
    const claimed = await this.ctx.db.query(
      'insert into cron_claims (project_ref, jobid, due_at) values ($1, $2, $3) on conflict do nothing',
      [location.ref, jobid, due],
    );
    if (claimed.affectedRows === 0) return; // another node (or an earlier tick here) has it
    const project = await projectRowByRef(this.ctx.db, location.ref);
    if (project?.status !== 'ACTIVE_HEALTHY') return;
    const db = await this.ctx.engine.project(location);
    const job = (await db.query<JobRow>('select jobid::text, schedule, command, username, database, active from cron.job where jobid = $1', [jobid])).rows[0];
    if (!job?.active) return;
    const { rows } = await db.query<{ runid: string }>(
      `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
       values ($1, $2, $3, $4, 'running', clock_timestamp()) returning runid::text`,
      [jobid, job.database, job.username, job.command],
    );
    const outcome = await this.execute(db, location, job);
    // After an interrupt the embedded engine reopens the database on this use.
    const after = await this.ctx.engine.project(location);
    await after.query(
      'update cron.job_run_details set status = $2, return_message = $3, job_pid = $4, end_time = clock_timestamp() where runid = $1',
      [rows[0].runid, outcome.status, outcome.message, outcome.pid],
    );
  }

  private async execute(db: Database, location: ProjectLocation, job: JobRow): Promise<{ status: 'succeeded' | 'failed'; message: string; pid: number | null }> {
    let timedOut = false;
    let pid: number | null = null;
    const timer = setTimeout(() => {
      timedOut = true;
      void this.ctx.engine.interrupt(location).catch(() => undefined);
    }, this.timeoutMs + INTERRUPT_GRACE_MS);
    try {
      for (const statement of pgMeta.splitStatements(job.command)) this.ctx.engine.assertRunnable(statement.text);
      const results = await db.transaction(async (tx) => {
        const setup = await tx.query<{ pid: number }>(
          `select set_config('statement_timeout', $1, true), set_config('role', $2, true), pg_backend_pid() as pid`,
          [`${this.timeoutMs}ms`, job.username],
        );
        pid = setup.rows[0]?.pid ?? null;
        const ran = await pgMeta.runScriptResults(tx, job.command, { maxRows: 1 });
        // The connection is shared: a SET in the command must not outlive the run.
        await tx.query('reset session authorization');
        await tx.query('reset all');
        return ran;
      });
      return { status: 'succeeded', message: resultMessage(results.at(-1)), pid };
    } catch (error) {
      const message = timedOut || (error as { code?: string }).code === '57014' ? TIMEOUT_MESSAGE : errorMessage(error);
      return { status: 'failed', message, pid };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** pg_cron's return_message: "N row(s)" for a statement that returns rows, else its command tag. */
function resultMessage(result: pgMeta.StatementResult | undefined): string {
  if (!result) return '';
  if (result.fields.length > 0) return `${result.row_count} ${result.row_count === 1 ? 'row' : 'rows'}`;
  if (result.command === 'INSERT') return `INSERT 0 ${result.row_count}`;
  if (['UPDATE', 'DELETE', 'MERGE'].includes(result.command)) return `${result.command} ${result.row_count}`;
  return result.command;
}

