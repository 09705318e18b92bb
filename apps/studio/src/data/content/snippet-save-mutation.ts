import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { contentKeys } from './keys.ts';

export type SnippetSave = Omit<BodyOf<'contentUpsert'>, 'type' | 'visibility'> & Partial<Pick<BodyOf<'contentUpsert'>, 'type' | 'visibility'>>;

export function saveSnippet(ref: string, body: SnippetSave) {
  return apiRequest<ResponseOf<'contentUpsert'>>('PUT', `/projects/${encodeURIComponent(ref)}/content`, {
    body: { type: 'sql', visibility: 'user', ...body },
  });
}

/** PUT .../content: creates a snippet under a client-chosen id, or saves over it (autosave). */
export function useSnippetSaveMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SnippetSave) => saveSnippet(ref, body),
    onSuccess: async (snippet, body) => {
      const previous = queryClient.getQueryData(contentKeys.item(ref, snippet.id));
      queryClient.setQueryData(contentKeys.item(ref, snippet.id), snippet);
      // Lists only change shape when a snippet appears; plain autosaves leave them alone.
      if (!previous || body.name !== undefined) await queryClient.invalidateQueries({ queryKey: contentKeys.lists(ref) });
    },
  });
}
