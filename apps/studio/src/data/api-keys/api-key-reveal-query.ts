import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiKeysKeys } from './keys.ts';

export function getRevealedApiKey(ref: string, id: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'apiKey'>>(`/projects/${encodeURIComponent(ref)}/api-keys/${encodeURIComponent(id)}`, { query: { reveal: 'true' }, signal });
}

/**
 * GET .../api-keys/{id}?reveal=true: a secret key itself, fetched only once the member asks to see
 * or copy it (`enabled`), so the page never holds secrets nobody looked at.
 */
export function useRevealedApiKeyQuery(ref: string | undefined, id: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: apiKeysKeys.revealed(ref, id),
    queryFn: ({ signal }) => getRevealedApiKey(ref ?? '', id ?? '', signal),
    enabled: enabled && !!ref && !!id,
    staleTime: Infinity,
  });
}

/** The same value for an action that needs it now (Copy): from the cache when revealed before, else fetched once. */
export function fetchRevealedApiKey(queryClient: QueryClient, ref: string, id: string) {
  return queryClient.fetchQuery({ queryKey: apiKeysKeys.revealed(ref, id), queryFn: ({ signal }) => getRevealedApiKey(ref, id, signal), staleTime: Infinity });
}
