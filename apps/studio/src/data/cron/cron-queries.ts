import { useQuery } from '@tanstack/react-query';
import type { CronStatus } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { querySql } from '../sql/execute-sql.ts';
import { listJobsSql, listRunsSql } from './cron-sql.ts';
import { cronKeys } from './keys.ts';

export interface CronJob {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  username: string;
  active: boolean;
  last_status: string | null;
  last_run: string | null;
}

export interface CronRun {
  runid: string;
  status: 'starting' | 'running' | 'succeeded' | 'failed';
  return_message: string | null;
  start_time: string;
  end_time: string | null;
}

/** Jobs and runs change by themselves (the platform runs them): the page reads them again every few seconds. */
const REFRESH_MS = 5_000;

/** GET .../cron: whether the project has enabled cron. */
export function useCronStatusQuery(ref: string | undefined) {
  return useQuery({
    queryKey: cronKeys.status(ref),
    queryFn: ({ signal }) => api.get<CronStatus>(`/projects/${encodeURIComponent(ref ?? '')}/cron`, { signal }),
    enabled: !!ref,
  });
}

export function useCronJobsQuery(ref: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: cronKeys.jobs(ref),
    queryFn: ({ signal }) => querySql<CronJob>(ref as string, listJobsSql, signal),
    enabled: !!ref && enabled,
    refetchInterval: REFRESH_MS,
  });
}

export function useCronRunsQuery(ref: string, jobid: string) {
  return useQuery({
    queryKey: cronKeys.runs(ref, jobid),
    queryFn: ({ signal }) => querySql<CronRun>(ref, listRunsSql(jobid), signal),
    refetchInterval: REFRESH_MS,
  });
}
