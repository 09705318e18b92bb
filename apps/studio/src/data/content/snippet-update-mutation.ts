import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { contentKeys } from './keys.ts';

/** PATCH .../content?id=: rename, share (visibility 'project') or favourite. */
export function useSnippetUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: BodyOf<'contentPatch'> }) =>
      api.patch<ResponseOf<'contentPatch'>>(`/projects/${encodeURIComponent(ref)}/content`, changes, { query: { id } }),
    onSuccess: async (snippet) => {
      queryClient.setQueryData(contentKeys.item(ref, snippet.id), snippet);
      await queryClient.invalidateQueries({ queryKey: contentKeys.lists(ref) });
    },
  });
}
