/**
 * What a load balancer asks a node: is the process up (live), and should it be sent requests
 * (ready: its platform database answers, its job queue runs, it is not shutting down). A node turns
 * unready the moment it is told to stop, before it stops accepting connections.
 */
import type { Queryable } from '../engines/types.ts';
import type { JobQueue } from './job-queue.ts';

/** A platform database slower than this to answer `select 1` counts as down. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  checks: { database: boolean; jobs: boolean; shuttingDown: boolean };
}

export class NodeHealth {
  private isStopping = false;

  constructor(
    private readonly db: Queryable,
    private readonly jobs: Pick<JobQueue, 'isRunning'>,
  ) {}

  /** From now on the node reports itself unready; it is stopping. */
  beginShutdown(): void {
    this.isStopping = true;
  }

  get isShuttingDown(): boolean {
    return this.isStopping;
  }

  async readiness(): Promise<Readiness> {
    const shuttingDown = this.isStopping;
    const [database, jobs] = shuttingDown ? [false, false] : [await this.databaseAnswers(), this.jobs.isRunning];
    return { ready: !shuttingDown && database && jobs, checks: { database, jobs, shuttingDown } };
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS); });
    try {
      return await Promise.race([this.db.query('select 1').then(() => true, () => false), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
