import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QUERY_PERFORMANCE_SORTS, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { reportsKeys } from './keys.ts';

export interface QueryPerformanceRequest {
  sort: (typeof QUERY_PERFORMANCE_SORTS)[number];
  search: string;
}

export function getQueryPerformance(ref: string, request: QueryPerformanceRequest, signal?: AbortSignal) {
  return api.get<ResponseOf<'queryPerformance'>>(`/projects/${encodeURIComponent(ref)}/reports/query-performance`, {
    query: { sort: request.sort, search: request.search.trim() || undefined },
    signal,
  });
}

/** GET .../reports/query-performance?sort=&search=: statements by the chosen figure. */
export function useQueryPerformanceQuery(ref: string | undefined, request: QueryPerformanceRequest) {
  return useQuery({
    queryKey: reportsKeys.queryPerformance(ref, request),
    queryFn: ({ signal }) => getQueryPerformance(ref ?? '', request, signal),
    enabled: !!ref,
    staleTime: 0,
    refetchOnWindowFocus: false,
    // A new sort or search keeps the current rows in view until its answer comes.
    placeholderData: keepPreviousData,
  });
}
