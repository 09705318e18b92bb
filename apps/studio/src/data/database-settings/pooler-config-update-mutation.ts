import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { managementRequest } from '../management-request.ts';
import { databaseSettingsKeys } from './keys.ts';

export function updatePoolerConfig(ref: string, body: BodyOf<'v1PoolerConfigUpdate'>): Promise<ResponseOf<'v1PoolerConfigUpdate'>> {
  return managementRequest('PATCH', `/v1/projects/${encodeURIComponent(ref)}/config/database/pooler`, { body });
}

export function usePoolerConfigUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'v1PoolerConfigUpdate'>) => updatePoolerConfig(ref, body),
    // The pooler entries (mode, pool size) are part of the settings the page shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseSettingsKeys.settings(ref) }),
  });
}
