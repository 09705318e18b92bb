import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CronStatus } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { executeSql } from '../sql/execute-sql.ts';
import { alterJobSql, scheduleJobSql, unscheduleJobSql } from './cron-sql.ts';
import { cronKeys } from './keys.ts';

export interface CronJobInput {
  name: string;
  schedule: string;
  command: string;
}

/** Every change is followed by a fresh read of the page's jobs and runs. */
function useCronMutation<T>(ref: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cronKeys.all(ref) }),
  });
}

/** POST .../cron/enable: installs the cron schema and starts running the project's jobs. */
export function useEnableCronMutation(ref: string) {
  return useCronMutation<void>(ref, () => api.post<CronStatus>(`/projects/${encodeURIComponent(ref)}/cron/enable`));
}

export function useScheduleCronJobMutation(ref: string) {
  return useCronMutation<CronJobInput>(ref, (input) => executeSql(ref, scheduleJobSql(input)));
}

export function useAlterCronJobMutation(ref: string) {
  return useCronMutation<{ jobid: string; schedule?: string; command?: string; active?: boolean }>(ref, ({ jobid, ...change }) =>
    executeSql(ref, alterJobSql(jobid, change)));
}

export function useUnscheduleCronJobMutation(ref: string) {
  return useCronMutation<string>(ref, (jobid) => executeSql(ref, unscheduleJobSql(jobid)));
}
