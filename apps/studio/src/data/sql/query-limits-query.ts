import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { sqlKeys } from './keys.ts';

export type QueryLimits = ResponseOf<'pgMetaQueryLimits'>;

export function getQueryLimits(ref: string, signal?: AbortSignal): Promise<QueryLimits> {
  return api.get<QueryLimits>(`/pg-meta/${encodeURIComponent(ref)}/query/limits`, { signal });
}

/** The server caps editor time-outs by role and engine; the editor offers no more than the cap. */
export function useQueryLimitsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: sqlKeys.queryLimits(ref),
    queryFn: ({ signal }) => getQueryLimits(ref ?? '', signal),
    enabled: !!ref,
    staleTime: 5 * 60_000,
  });
}
