/**
 * The platform's background work (provisioning, pause, restore, delete, JWT rotation, and what later
 * capabilities add) as durable jobs in the platform database, through pg-boss: a job outlives the
 * process that started it and is finished after a restart or by another node.
 *
 * pg-boss keeps the schema, the claim (`FOR UPDATE SKIP LOCKED`), retries with back-off, the
 * failed state with its error, and the maintenance that expires and archives. This file adds what
 * the platform needs on top: the local worker is woken the moment a job is sent (no polling delay
 * on provisioning), jobs sent in a transaction commit with it, running jobs hold a renewed lease
 * (a dead node's jobs expire in seconds, a live node's long job never does), and a stop hands
 * unfinished jobs back instead of failing them.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { errorMessage } from '@plinth/errors';
import type { Database, Queryable } from '../engines/types.ts';
import { bossDatabase } from './jobs/boss-database.ts';
import { activeJobs, dueInMsByQueue, extendLeases, JOB_SCHEMA, jobErrorMessage } from './jobs/boss-tables.ts';
import { isJobName, JOB_NAMES, JOB_POLICIES, JOB_SCHEDULES, type JobName, type JobPayloads, type JobSchedules } from './jobs/catalog.ts';

export interface JobAttempt {
  /** Attempts before this one: 0 the first time; a crash or a hand-back counts as one. */
  retryCount: number;
  /** A failure now is final: the job is marked failed rather than retried. */
  isFinal: boolean;
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N], attempt: JobAttempt) => Promise<void>;

/** A transaction of the platform database whose sent jobs commit with it (and start right after). */
export interface JobTransaction extends Queryable {
  send<N extends JobName>(name: N, data: JobPayloads[N]): Promise<string>;
}

export interface JobQueueOptions {
  log: { info(message: string): void; error(message: string): void };
  /**
   * No other process can use this platform database (embedded: its data directory is locked), so a
   * job still active at start-up was left by a dead process and is retried at once, and leases can
   * be long. Otherwise (several nodes on Postgres) a dead node's jobs are found by their lapsed lease.
   */
  isSoleNode: boolean;
  /**
   * The longest wait between looks for work this node was not told about: jobs sent by other nodes,
   * leases expired by maintenance. Retries due later are looked for when they are due.
   */
  pollIntervalMs?: number;
  /** A shared database's lease (20 s when not given): every node must use the same, as it is the queues' setting. */
  leaseSeconds?: number;
  /** The scheduled jobs and their periods (jobSchedules(config)); JOB_SCHEDULES when not given. */
  schedules?: JobSchedules;
}

/**
 * Leases on a shared database: renewed while the job runs (four times per lease, at least every 5 s),
 * so a dead node's job is retried within one lease (20 s unless PLINTH_JOB_LEASE_S says otherwise)
 * plus one maintenance round (5 s). A sole node recovers at start-up instead, so its lease only
 * catches a handler that hangs.
 */
const SHARED_LEASE_SECONDS = 20;
const SOLE_NODE_LEASE_SECONDS = 15 * 60;
const RENEWALS_PER_LEASE = 4;
const FAILED_JOBS_KEPT_SECONDS = 7 * 24 * 3600;
/**
 * A sole node is told of every job it must run (its own sends, retries it schedules), so it only
 * polls as a backstop; nodes sharing a database poll for each other's sends.
 */
const SOLE_NODE_POLL_MS = 30_000;
const SHARED_POLL_MS = 2_000;
/** Fetching checks start_after < now(): wake a little after a retry is due, not on the instant. */
const DUE_MARGIN_MS = 20;
/** How often waitFor() looks at a job another node may be running. */
const WAIT_POLL_MS = 250;

type AnyHandler = (data: unknown, attempt: JobAttempt) => Promise<void>;
interface RunningJob {
  name: JobName;
  /** 'recording' once the handler has returned and its outcome is being written. */
  phase: 'running' | 'recording';
  done: Promise<void>;
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly leaseSeconds: number;
  private readonly pollIntervalMs: number;
  private readonly handlers = new Map<JobName, AnyHandler>();
  private readonly running = new Map<string, RunningJob>();
  /** waitFor() callers by job id, told when this node finishes an attempt. */
  private readonly attemptWaiters = new Map<string, (failure: Error | null) => void>();
  /** Queues to fetch from on the next pump. */
  private readonly wanted = new Set<JobName>();
  private pumping: Promise<void> | null = null;
  private pollTimer: NodeJS.Timeout | undefined;
  private isPolling = false;
  private isPollWanted = false;
  /** Queues whose last fetch filled every free slot: more may be waiting when a slot frees up. */
  private readonly mayHaveMore = new Set<JobName>();
  private leaseTimer: NodeJS.Timeout | undefined;
  private readonly scheduleTimers: NodeJS.Timeout[] = [];
  private isDispatching = false;
  /** Set at stop once unfinished jobs are handed back: their outcome is no longer ours to record. */
  private isClosed = false;
  private startedCount = 0;

  constructor(
    private readonly db: Database,
    private readonly options: JobQueueOptions,
  ) {
    this.leaseSeconds = options.isSoleNode ? SOLE_NODE_LEASE_SECONDS : (options.leaseSeconds ?? SHARED_LEASE_SECONDS);
    this.pollIntervalMs = options.pollIntervalMs ?? (options.isSoleNode ? SOLE_NODE_POLL_MS : SHARED_POLL_MS);
    this.boss = new PgBoss({
      db: bossDatabase(db),
      schema: JOB_SCHEMA,
      // No cron schedules (they would add a polling worker); maintenance expires lapsed leases.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: options.isSoleNode ? 60 : 5,
      archiveFailedAfterSeconds: FAILED_JOBS_KEPT_SECONDS,
    });
    this.boss.on('error', (error: Error) => options.log.error(`job queue: ${error.message}`));
  }

  /** Started and not stopping: this node takes jobs (a load balancer's ready check asks). */
  get isRunning(): boolean {
    return this.isDispatching;
  }

  /** The work done for jobs of `name` on this node; every job kind must have one before start(). */
  register<N extends JobName>(name: N, handler: JobHandler<N>): void {
    this.handlers.set(name, handler as AnyHandler);
  }

  /** Installs or migrates pg-boss's schema, declares the queues, recovers dead work, starts working. */
  async start(): Promise<void> {
    const missing = JOB_NAMES.filter((name) => !this.handlers.has(name));
    if (missing.length > 0) throw new Error(`No handler for the jobs ${missing.join(', ')}.`);
    await this.boss.start();
    await this.declareQueues();
    if (this.options.isSoleNode) await this.retryJobsOfDeadProcess();
    this.isDispatching = true;
    const renewalMs = Math.min(this.leaseSeconds, SHARED_LEASE_SECONDS) * 1000 / RENEWALS_PER_LEASE;
    this.leaseTimer = setInterval(() => void this.renewLeases(), renewalMs).unref();
    void this.poll();
    this.startSchedules();
  }

  /** Sends a job now (its own statement); this node starts it at once. Returns the job id. */
  async send<N extends JobName>(name: N, data: JobPayloads[N]): Promise<string> {
    const id = await this.insert(this.db, name, data);
    void this.wake([name]);
    return id;
  }

  /**
   * Runs `fn` in one transaction of the platform database: the state change that asks for work and
   * the job that does it commit together or not at all, and this node starts the jobs after commit.
   */
  async transaction<T>(fn: (tx: JobTransaction) => Promise<T>): Promise<T> {
    const sent: JobName[] = [];
    const result = await this.db.transaction((tx) =>
      fn({
        query: tx.query.bind(tx),
        exec: tx.exec.bind(tx),
        send: (name, data) => {
          sent.push(name);
          return this.insert(tx, name, data);
        },
      }),
    );
    if (sent.length > 0) void this.wake(sent);
    return result;
  }

  /**
   * Resolves when the job's current attempt succeeds, on this node or another; rejects with the
   * attempt's error when it fails (the queue still retries it as its policy says).
   */
  async waitFor(name: JobName, id: string): Promise<void> {
    const finishedHere = new Promise<Error | null>((resolve) => this.attemptWaiters.set(id, resolve));
    try {
      for (;;) {
        const outcome = await this.attemptOutcome(name, id);
        if (outcome === 'succeeded') return;
        if (outcome instanceof Error) throw outcome;
        const pause = new AbortController();
        const failure = await Promise.race([finishedHere, sleep(WAIT_POLL_MS, undefined, { signal: pause.signal }).catch(() => undefined)]);
        pause.abort();
        if (failure === null) return;
        if (failure) throw failure;
      }
    } finally {
      this.attemptWaiters.delete(id);
    }
  }

  /** Makes a failed job ready to run once more (pg-boss allows it one more attempt); this node starts it at once. */
  async retry(name: JobName, id: string): Promise<void> {
    await this.boss.retry(name, id);
    void this.wake([name]);
  }

  /** Resolves once this node runs no job and none is ready to run (tests wait on it before stopping). */
  async idle(): Promise<void> {
    for (;;) {
      await Promise.allSettled([...this.running.values()].map((job) => job.done));
      if (!this.isDispatching) return;
      const startedBefore = this.startedCount;
      await this.wake(JOB_NAMES);
      await this.pumping;
      if (this.running.size === 0 && this.startedCount === startedBefore && this.wanted.size === 0 && !this.pumping) return;
    }
  }

  /**
   * Stops taking jobs, gives running ones up to `graceMs` to finish, then hands the unfinished back
   * (ready to run again, for the next start or another node) rather than failing them.
   */
  async stop(graceMs: number): Promise<void> {
    this.isDispatching = false;
    clearTimeout(this.pollTimer);
    clearInterval(this.leaseTimer);
    for (const timer of this.scheduleTimers) clearInterval(timer);
    await this.pumping;
    const grace = new AbortController();
    await Promise.race([
      Promise.allSettled([...this.running.values()].map((job) => job.done)),
      sleep(graceMs, undefined, { signal: grace.signal }).catch(() => undefined),
    ]);
    grace.abort();
    await this.handBackUnfinished();
    await this.boss.stop({ graceful: false, close: false });
  }

  private async insert<N extends JobName>(db: Queryable, name: N, data: JobPayloads[N]): Promise<string> {
    const id = await this.boss.send(name, data, { id: randomUUID(), db: bossDatabase(db) });
    // pg-boss answers null when the queue does not exist: declareQueues() did not run.
    if (!id) throw new Error(`The job queue ${name} does not exist.`);
    return id;
  }

  /** JOB_SCHEDULES: each scheduled job now, then every period; a period another node (or an earlier start) already sent for is skipped. */
  private startSchedules(): void {
    for (const [name, schedule] of Object.entries(this.options.schedules ?? JOB_SCHEDULES) as [JobName, { everySeconds: number }][]) {
      const send = () => this.boss.send(name, {}, { id: randomUUID(), singletonKey: name, singletonSeconds: schedule.everySeconds }).then(
        (id) => id && void this.wake([name]),
        (error: unknown) => this.options.log.error(`job queue: scheduling ${name} failed: ${errorMessage(error)}`),
      );
      void send();
      this.scheduleTimers.push(setInterval(() => void send(), schedule.everySeconds * 1000).unref());
    }
  }

  /** Creates each queue with its retry policy and lease, or updates it when the policy changed. */
  private async declareQueues(): Promise<void> {
    const existing = new Map((await this.boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const name of JOB_NAMES) {
      const policy = JOB_POLICIES[name];
      const wanted = {
        name,
        policy: 'standard' as const,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: this.leaseSeconds,
      };
      const current = existing.get(name);
      if (!current) await this.boss.createQueue(name, wanted);
      else if (
        current.retryLimit !== wanted.retryLimit ||
        current.retryDelay !== wanted.retryDelay ||
        current.retryBackoff !== wanted.retryBackoff ||
        current.expireInSeconds !== wanted.expireInSeconds
      ) {
        await this.boss.updateQueue(name, wanted);
      }
    }
  }

  /**
   * Sole node: whatever is still active was running in a process that died (crash, kill -9). Each
   * counts as a failed attempt, so a job that kills the process every time ends up failed, not looping.
   */
  private async retryJobsOfDeadProcess(): Promise<void> {
    const rows = await activeJobs(this.db);
    for (const { name, id } of rows) {
      await this.boss.fail(name, id, { message: 'The platform stopped while this job was running; it is retried.' });
    }
    if (rows.length > 0) this.options.log.info(`job queue: retrying ${rows.length} job(s) cut off by the last stop`);
  }

  /**
   * One cheap look at the whole job table instead of a fetch per queue: which queues have a job
   * due now (fetched at once) and when the next retry is due (the next look, if that is sooner).
   */
  private async poll(): Promise<void> {
    if (!this.isDispatching) return;
    if (this.isPolling) {
      // A look already under way may have read the table before the change that asked for this one.
      this.isPollWanted = true;
      return;
    }
    this.isPolling = true;
    this.isPollWanted = false;
    let nextLookMs = this.pollIntervalMs;
    try {
      const rows = await dueInMsByQueue(this.db);
      const due = rows.filter((row) => row.due_in_ms === 0 && isJobName(row.name)).map((row) => row.name as JobName);
      for (const row of rows) if (row.due_in_ms > 0) nextLookMs = Math.min(nextLookMs, row.due_in_ms + DUE_MARGIN_MS);
      if (due.length > 0) void this.wake(due);
    } catch (error) {
      this.options.log.error(`job queue: looking for due jobs failed: ${errorMessage(error)}`);
    } finally {
      this.isPolling = false;
    }
    clearTimeout(this.pollTimer);
    if (!this.isDispatching) return;
    if (this.isPollWanted) void this.poll();
    else this.pollTimer = setTimeout(() => void this.poll(), nextLookMs).unref();
  }

  /** Fetches from the wanted queues; a call while a pump runs joins it (the pump loops once more). */
  private wake(names: Iterable<JobName>): Promise<void> {
    for (const name of names) this.wanted.add(name);
    if (!this.isDispatching) return Promise.resolve();
    this.pumping ??= this.pump()
      .catch((error: unknown) => this.options.log.error(`job queue: fetching jobs failed: ${errorMessage(error)}`))
      .finally(() => {
        this.pumping = null;
        if (this.isDispatching && this.wanted.size > 0) void this.wake([]);
      });
    return this.pumping;
  }

  private async pump(): Promise<void> {
    while (this.wanted.size > 0 && this.isDispatching) {
      const names = [...this.wanted];
      this.wanted.clear();
      for (const name of names) {
        const free = JOB_POLICIES[name].concurrency - [...this.running.values()].filter((job) => job.name === name).length;
        if (free <= 0) continue;
        const jobs = await this.boss.fetch<unknown>(name, { batchSize: free, includeMetadata: true });
        if (jobs.length === free) this.mayHaveMore.add(name);
        else this.mayHaveMore.delete(name);
        for (const job of jobs) this.begin(name, job);
      }
    }
  }

  private begin(name: JobName, job: PgBoss.JobWithMetadata<unknown>): void {
    const handler = this.handlers.get(name) as AnyHandler;
    const attempt: JobAttempt = { retryCount: job.retryCount, isFinal: job.retryCount >= job.retryLimit };
    this.startedCount++;
    const entry: RunningJob = { name, phase: 'running', done: Promise.resolve() };
    entry.done = (async () => {
      let failure: Error | null = null;
      try {
        await handler(job.data, attempt);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
      }
      if (this.isClosed) return; // handed back at stop: whoever runs it next records the outcome
      entry.phase = 'recording';
      if (failure) {
        this.options.log.error(`${name} job ${job.id} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}): ${failure.message}`);
        await this.boss.fail(name, job.id, { message: failure.message });
        // Its retry is due after a back-off delay: the next look is timed for it.
        if (!attempt.isFinal) void this.poll();
      } else {
        await this.boss.complete(name, job.id);
      }
      this.attemptWaiters.get(job.id)?.(failure);
    })()
      .catch((error: unknown) => this.options.log.error(`job queue: recording ${name} job ${job.id} failed: ${errorMessage(error)}`))
      .finally(() => {
        this.running.delete(job.id);
        // A slot is free again; fetch only if the queue had more than its slots last time.
        if (this.isDispatching && this.mayHaveMore.has(name)) void this.wake([name]);
      });
    this.running.set(job.id, entry);
  }

  /** Extends the lease of every job running here; a node that stops renewing loses its jobs. */
  private async renewLeases(): Promise<void> {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    await extendLeases(this.db, ids, this.leaseSeconds).catch((error: unknown) => this.options.log.error(`job queue: renewing leases failed: ${errorMessage(error)}`));
  }

  /**
   * Jobs still running after the grace period go back to 'created' (cancel + resume, in one
   * transaction so a crash in between cannot lose them): the next start or another node runs them.
   */
  private async handBackUnfinished(): Promise<void> {
    this.isClosed = true;
    const unfinished = [...this.running].filter(([, job]) => job.phase === 'running');
    // Outcomes already being written finish first, so they are not handed back over.
    await Promise.allSettled([...this.running.values()].filter((job) => job.phase === 'recording').map((job) => job.done));
    if (unfinished.length === 0) return;
    await this.db.transaction(async (tx) => {
      const db = bossDatabase(tx);
      for (const [id, { name }] of unfinished) {
        await this.boss.cancel(name, id, { db });
        await this.boss.resume(name, id, { db });
      }
    });
    this.options.log.info(`job queue: handed back ${unfinished.length} unfinished job(s)`);
  }

  private async attemptOutcome(name: JobName, id: string): Promise<'succeeded' | 'pending' | Error> {
    const job = await this.boss.getJobById<unknown>(name, id, { includeArchive: true });
    if (!job) return new Error(`The ${name} job ${id} no longer exists.`);
    if (job.state === 'completed') return 'succeeded';
    if (job.state === 'created' || job.state === 'active') return 'pending';
    return new Error(jobErrorMessage(job.output) ?? `The ${name} job ended ${job.state}.`);
  }
}

