import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiKeysKeys } from './keys.ts';

export function deleteApiKey(ref: string, id: string) {
  return api.delete<ResponseOf<'apiKeyDelete'>>(`/projects/${encodeURIComponent(ref)}/api-keys/${encodeURIComponent(id)}`);
}

/** Deletes a key (requests using it are refused from then on); its revealed value is forgotten too. */
export function useApiKeyDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => deleteApiKey(ref, id),
    onSuccess: (_key, { id }) => {
      queryClient.removeQueries({ queryKey: apiKeysKeys.revealed(ref, id) });
      return queryClient.invalidateQueries({ queryKey: apiKeysKeys.list(ref) });
    },
  });
}
