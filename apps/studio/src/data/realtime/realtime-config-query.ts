import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { realtimeKeys } from './keys.ts';

export function getRealtimeConfig(ref: string, signal?: AbortSignal) {
  return apiRequest<ResponseOf<'realtimeConfig'>>('GET', `/projects/${encodeURIComponent(ref)}/config/realtime`, { signal });
}

/** GET /projects/{ref}/config/realtime: whether public channels are allowed, the plan's limits and this month's messages. */
export function useRealtimeConfigQuery(ref: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: realtimeKeys.config(ref),
    queryFn: ({ signal }) => getRealtimeConfig(ref as string, signal),
    enabled: !!ref && enabled,
  });
}
