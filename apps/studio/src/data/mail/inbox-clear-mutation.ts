import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { mailKeys } from './keys.ts';

export function clearInbox(ref: string) {
  return apiRequest<ResponseOf<'projectMailClear'>>('DELETE', `/projects/${encodeURIComponent(ref)}/mail`);
}

/** DELETE /projects/{ref}/mail: the inbox is empty afterwards, so the cache says so without asking. */
export function useInboxClearMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearInbox(ref),
    onSuccess: async () => {
      queryClient.setQueryData(mailKeys.inbox(ref), []);
      await queryClient.invalidateQueries({ queryKey: mailKeys.inbox(ref) });
    },
  });
}
