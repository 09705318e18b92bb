import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreate, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiKeysKeys } from './keys.ts';

export function createApiKey(ref: string, body: ApiKeyCreate) {
  return api.post<ResponseOf<'apiKeyCreate'>>(`/projects/${encodeURIComponent(ref)}/api-keys`, body);
}

/**
 * Creates a publishable or secret key. The answer holds the key itself, so a new secret key is put
 * in the revealed cache at once: its creator can copy it without asking again.
 */
export function useApiKeyCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreate) => createApiKey(ref, body),
    onSuccess: (key) => {
      queryClient.setQueryData(apiKeysKeys.revealed(ref, key.id), key);
      return queryClient.invalidateQueries({ queryKey: apiKeysKeys.list(ref) });
    },
  });
}
