export const cronKeys = {
  /** Everything the Cron page reads of a project: a change refreshes it all. */
  all: (ref: string | undefined) => ['projects', ref, 'cron'] as const,
  status: (ref: string | undefined) => ['projects', ref, 'cron', 'status'] as const,
  jobs: (ref: string | undefined) => ['projects', ref, 'cron', 'jobs'] as const,
  runs: (ref: string | undefined, jobid: string) => ['projects', ref, 'cron', 'runs', jobid] as const,
};
