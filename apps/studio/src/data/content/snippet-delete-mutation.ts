import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { isApiError } from '../../lib/api.ts';
import { apiRootJson } from './api-root.ts';
import { contentKeys } from './keys.ts';

/** 'Content not found' means someone else deleted it first: for the user it is deleted either way. */
export function isContentNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && (error.code === 'content_not_found' || /not found/i.test(error.message));
}

/** DELETE /api/projects/{ref}/content?id={id}, then the lists are refreshed. */
export function useSnippetDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => {
      try {
        return await apiRootJson<ResponseOf<'contentDelete'>>('DELETE', `/projects/${encodeURIComponent(ref)}/content`, { id });
      } catch (error) {
        if (isContentNotFound(error)) return { deleted: [id] };
        throw error;
      }
    },
    onSuccess: async (_result, { id }) => {
      queryClient.removeQueries({ queryKey: contentKeys.item(ref, id) });
      await queryClient.invalidateQueries({ queryKey: contentKeys.lists(ref) });
    },
  });
}
