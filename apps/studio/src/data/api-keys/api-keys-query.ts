import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiKeysKeys } from './keys.ts';

export type ApiKey = ResponseOf<'apiKeys'>[number];

export function getApiKeys(ref: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'apiKeys'>>(`/projects/${encodeURIComponent(ref)}/api-keys`, { signal });
}

/** GET .../api-keys: publishable keys in full, secret keys masked after their prefix (revealed one by one). */
export function useApiKeysQuery(ref: string | undefined) {
  return useQuery({
    queryKey: apiKeysKeys.list(ref),
    queryFn: ({ signal }) => getApiKeys(ref ?? '', signal),
    enabled: !!ref,
  });
}
