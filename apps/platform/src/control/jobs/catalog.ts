/**
 * Every kind of background job the platform runs: its payload and how it is retried. Payloads name
 * what to work on (a project ref), never a secret in clear: the operator sees them (GET /admin/jobs)
 * and they sit in the job table.
 */
export interface JobPayloads {
  /** COMING_UP -> creates and bootstraps the database -> ACTIVE_HEALTHY (UNKNOWN after the last attempt). */
  'project-provision': { ref: string };
  /** PAUSING -> archives the database into the object store and frees it -> INACTIVE. */
  'project-pause': { ref: string };
  /** RESTORING -> makes the database again from its archive -> ACTIVE_HEALTHY (RESTORATION_FAILED after the last attempt). */
  'project-restore': { ref: string };
  /** GOING_DOWN -> drops the database, its files and its row. */
  'project-delete': { ref: string };
  /** jwt_update_status 'updating' -> a new JWT secret and re-signed keys -> 'updated' ('failed' after the last attempt). */
  'project-jwt-rotate': {
    ref: string;
    changeId: string;
    /** The caller's own secret, encrypted with the platform key (ctx.secrets); null to generate one. */
    requestedSecretEncrypted: string | null;
  };
  /** Deletes log entries older than their project's plan keeps them (control/log-retention.ts); scheduled. */
  'logs-retention': Record<string, never>;
  /** Plans the due runs of every cron-enabled project's jobs (control/cron/runner.ts); scheduled. */
  'cron-tick': Record<string, never>;
  /** Makes a PENDING backup (control/backups/make.ts): the project's export, gzipped, into the object store -> COMPLETED (FAILED after the last attempt). */
  'backup-create': { ref: string; backupId: number };
  /** RESTORING -> replaces the database with a backup in one transaction -> ACTIVE_HEALTHY (control/backups/restore.ts). */
  'backup-restore': { ref: string; backupId: number };
  /** Waits for the new project `ref` to be up, then imports another project's backup into it (control/backups/clone.ts). */
  'backup-clone': { ref: string; sourceRef: string; backupId: number };
  /** Starts each project's daily backup and deletes expired ones (control/backups/schedule.ts); scheduled. */
  'backups-schedule': Record<string, never>;
  /** A base backup of a project with point-in-time recovery on, then those past retention go (control/backups/pitr.ts). */
  'pitr-base-backup': { ref: string };
  /** RESTORING -> the engine replays the database to `targetUnix` (seconds) -> ACTIVE_HEALTHY, as it was on failure (control/backups/pitr.ts). */
  'pitr-restore': { ref: string; targetUnix: number };
  /** UPGRADING -> the engine's eight upgrade steps -> ACTIVE_HEALTHY on the new major, or on the old one with the upgrade failed (control/upgrades.ts). */
  'project-upgrade': { ref: string; upgradeId: number };
  /** Pauses free projects idle longer than their plan allows (control/inactivity.ts); scheduled. */
  'project-inactivity-pause': Record<string, never>;
  /** Moves projects over their disk quota into read-only mode and back (control/read-only-mode.ts); scheduled for all, or sent for one project or organisation. */
  'disk-quota-check': { ref?: string; organizationSlug?: string };
  /** Stores every project's usage for one UTC hour (`hour`, ISO; default the last one ended) in usage_hourly (control/metering/meter.ts); scheduled. */
  'usage-meter': { hour?: string };
  /** Writes last month's invoices (or `month`'s, ISO), once per organisation and month (control/metering/invoices.ts); scheduled. */
  'invoices-close': { month?: string };
  /** POSTs one organisation webhook delivery, signed, and logs the outcome (control/org-webhooks/deliver.ts); retried with back-off. */
  'org-webhook-deliver': { deliveryId: number };
  /** Deletes organisation audit entries older than each organisation's plan keeps them (control/audit-retention.ts); scheduled. */
  'audit-retention': Record<string, never>;
  /** Makes a branch project's database (empty, or a copy of its parent's) and applies its Git branch's migrations and seed (control/branches/build.ts). */
  'branch-build': { branchId: string };
  /** A push: applies the new migrations of the branch's Git branch when its head moved (control/branches/build.ts). */
  'branch-sync': { branchId: string };
  /** Looks for pushes to every branch's Git branch (control/branches/build.ts); scheduled every PLINTH_BRANCH_POLL_MS. */
  'branches-poll': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export interface JobPolicy {
  /** Attempts after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each later one when retryBackoff. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** Jobs of this kind one node runs at once. */
  concurrency: number;
}

/**
 * Retries cover what passes (a project server restarting, a disk briefly full); delays are short
 * because a person is watching the status. Deleting tries longest: a half-deleted project helps nobody.
 */
export const JOB_POLICIES: Record<JobName, JobPolicy> = {
  'project-provision': { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, concurrency: 4 },
  'project-pause': { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, concurrency: 4 },
  'project-restore': { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, concurrency: 4 },
  'project-delete': { retryLimit: 5, retryDelaySeconds: 2, retryBackoff: true, concurrency: 4 },
  'project-jwt-rotate': { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true, concurrency: 4 },
  // Nobody waits on it: the next hour's run does what a failed one left.
  'logs-retention': { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, concurrency: 1 },
  // The next tick plans again; a retry would plan runs that are already past.
  'cron-tick': { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, concurrency: 1 },
  // A dump holds the project in memory while it is compressed: two at a time per node.
  'backup-create': { retryLimit: 2, retryDelaySeconds: 5, retryBackoff: true, concurrency: 2 },
  'backup-restore': { retryLimit: 2, retryDelaySeconds: 2, retryBackoff: true, concurrency: 2 },
  'backup-clone': { retryLimit: 2, retryDelaySeconds: 2, retryBackoff: true, concurrency: 2 },
  // The next hour's run starts what a failed one did not.
  'backups-schedule': { retryLimit: 1, retryDelaySeconds: 60, retryBackoff: false, concurrency: 1 },
  // A base backup reads the whole cluster: one at a time per node; the next day's schedule retries too.
  'pitr-base-backup': { retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, concurrency: 1 },
  // A recovery that failed put the database back; one more try covers a crash mid-way (undone first).
  'pitr-restore': { retryLimit: 1, retryDelaySeconds: 2, retryBackoff: false, concurrency: 2 },
  // A failed upgrade is recorded and rolled back, not retried; the retry is for a crash mid-way, which
  // the next attempt undoes first. One at a time: an upgrade runs two clusters of the project.
  'project-upgrade': { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false, concurrency: 1 },
  // The next hour's run finds whatever a failed one left.
  'project-inactivity-pause': { retryLimit: 1, retryDelaySeconds: 60, retryBackoff: false, concurrency: 1 },
  // The next minute's run measures again.
  'disk-quota-check': { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, concurrency: 1 },
  // Rows are written once per (project, metric, hour), so a retry only fills in what a failed run missed.
  'usage-meter': { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, concurrency: 1 },
  // Once per organisation and month: a retry or the next run writes only the missing ones.
  'invoices-close': { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, concurrency: 1 },
  // A receiver that is down gets 2 s, 4 s, 8 s ... about 8 minutes in all before the delivery is failed.
  'org-webhook-deliver': { retryLimit: 8, retryDelaySeconds: 2, retryBackoff: true, concurrency: 8 },
  // The next hour's run deletes what a failed one left.
  'audit-retention': { retryLimit: 1, retryDelaySeconds: 60, retryBackoff: false, concurrency: 1 },
  // A failed migration is the branch's outcome, not retried; the retry covers a database that could not be made.
  'branch-build': { retryLimit: 1, retryDelaySeconds: 2, retryBackoff: false, concurrency: 2 },
  // The next poll or push tries again.
  'branch-sync': { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, concurrency: 2 },
  'branches-poll': { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, concurrency: 1 },
};

/**
 * Jobs the platform sends itself, every `everySeconds` on each node, as at most one job per period
 * across all nodes (a pg-boss singleton slot: the first node to send in a period wins).
 */
/** How often the cron tick plans the runs of cron jobs (control/cron/runner.ts). */
export const CRON_TICK_SECONDS = 10;

export type JobSchedules = Partial<Record<JobName, { everySeconds: number }>>;

export const JOB_SCHEDULES: JobSchedules = {
  'logs-retention': { everySeconds: 3600 },
  'cron-tick': { everySeconds: CRON_TICK_SECONDS },
  'backups-schedule': { everySeconds: 3600 },
  'project-inactivity-pause': { everySeconds: 3600 },
  'disk-quota-check': { everySeconds: 60 },
  // Every quarter hour, each run metering the last hour that ended at least 5 minutes before (handlers.ts).
  'usage-meter': { everySeconds: 900 },
  'invoices-close': { everySeconds: 3600 },
  'audit-retention': { everySeconds: 3600 },
};

/**
 * JOB_SCHEDULES with the periods the operator sets: `branches-poll` every `branchPollMs`
 * (PLINTH_BRANCH_POLL_MS, config.ts), in whole seconds, at least one.
 */
export function jobSchedules(config: { branchPollMs: number }): JobSchedules {
  return { ...JOB_SCHEDULES, 'branches-poll': { everySeconds: Math.max(1, Math.round(config.branchPollMs / 1000)) } };
}

export const JOB_NAMES = Object.keys(JOB_POLICIES) as JobName[];

export function isJobName(value: string): value is JobName {
  return Object.hasOwn(JOB_POLICIES, value);
}
