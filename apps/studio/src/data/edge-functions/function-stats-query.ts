import { useQuery } from '@tanstack/react-query';
import type { FunctionStatsInterval, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { edgeFunctionKeys } from './keys.ts';

export function getFunctionStats(ref: string, slug: string, interval: FunctionStatsInterval, signal?: AbortSignal) {
  return api.get<ResponseOf<'functionStats'>>(`/projects/${encodeURIComponent(ref)}/functions/${encodeURIComponent(slug)}/stats`, {
    query: { interval },
    signal,
  });
}

/** GET .../functions/{slug}/stats?interval=: invocations, errors and p50/p95 duration per bucket. */
export function useFunctionStatsQuery(ref: string | undefined, slug: string | undefined, interval: FunctionStatsInterval) {
  return useQuery({
    queryKey: edgeFunctionKeys.stats(ref, slug, interval),
    queryFn: ({ signal }) => getFunctionStats(ref as string, slug as string, interval, signal),
    enabled: !!ref && !!slug,
    // Traffic changes all the time, and an invocation is logged just after it is answered: read it
    // afresh each time the tab opens rather than trusting a copy from seconds ago.
    staleTime: 0,
    // Keep the previous interval's chart on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}
