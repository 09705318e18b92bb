import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { realtimeKeys } from './keys.ts';

export function updateRealtimeConfig(ref: string, body: BodyOf<'realtimeConfigUpdate'>) {
  return apiRequest<ResponseOf<'realtimeConfigUpdate'>>('PATCH', `/projects/${encodeURIComponent(ref)}/config/realtime`, { body });
}

/** PATCH /projects/{ref}/config/realtime (Owner and Administrator): the answer is the new settings, so the cache takes it as it is. */
export function useRealtimeConfigUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'realtimeConfigUpdate'>) => updateRealtimeConfig(ref, body),
    onSuccess: (config) => queryClient.setQueryData(realtimeKeys.config(ref), config),
  });
}
