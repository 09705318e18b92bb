import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { storageKeys } from './keys.ts';

export type StorageConfigUpdate = BodyOf<'storageConfigUpdate'>;

export function updateStorageConfig(ref: string, body: StorageConfigUpdate) {
  return apiRequest<ResponseOf<'storageConfigUpdate'>>('POST', `/projects/${encodeURIComponent(ref)}/config/storage`, { body });
}

/**
 * POST /projects/{ref}/config/storage. The answer is the new configuration, so the cache takes it
 * at once: the settings form resets to it and the bucket forms' "global upload limit" note follows.
 */
export function useStorageConfigUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StorageConfigUpdate) => updateStorageConfig(ref, body),
    onSuccess: (config) => queryClient.setQueryData(storageKeys.config(ref), config),
  });
}
