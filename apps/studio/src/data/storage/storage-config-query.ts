import { useQuery } from '@tanstack/react-query';
import type { StorageConfig } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { storageKeys } from './keys.ts';

/** GET /projects/{ref}/config/storage: the global upload limit and whether the plan is Free. */
export function useStorageConfigQuery(ref: string | undefined) {
  return useQuery({
    queryKey: storageKeys.config(ref),
    queryFn: ({ signal }) => apiRequest<StorageConfig>('GET', `/projects/${encodeURIComponent(ref as string)}/config/storage`, { signal }),
    enabled: !!ref,
  });
}
