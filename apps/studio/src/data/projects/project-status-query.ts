import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { STATUS_REQUEST_TIMEOUT_MS } from '../../lib/constants.ts';
import { projectKeys } from './keys.ts';

export type ProjectStatusResponse = ResponseOf<'projectStatus'>;

interface StatusPolling {
  /** Poll every this many ms. */
  interval: number;
  /** Stop polling once the polled status satisfies this. */
  until?: (status: ProjectStatusResponse['status']) => boolean;
  enabled?: boolean;
}

/** The lifecycle screens poll this with a 2 s time-out per call. */
export function useProjectStatusQuery(ref: string | undefined, { interval, until, enabled = true }: StatusPolling) {
  return useQuery({
    queryKey: projectKeys.status(ref),
    queryFn: ({ signal }) =>
      api.get<ProjectStatusResponse>(`/projects/${encodeURIComponent(ref ?? '')}/status`, {
        signal,
        timeoutMs: STATUS_REQUEST_TIMEOUT_MS,
      }),
    enabled: !!ref && enabled,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && until?.(status) ? false : interval;
    },
    refetchIntervalInBackground: true,
    // A timed-out poll is simply retried at the next tick.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
