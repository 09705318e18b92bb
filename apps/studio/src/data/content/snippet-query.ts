import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { contentKeys } from './keys.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isSnippetId(id: string | undefined): id is string {
  return !!id && UUID.test(id);
}

/** One snippet with its SQL; runs only for ids that can exist (not "new" or the legacy "1"). */
export function useSnippetQuery(ref: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: contentKeys.item(ref, id),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'contentItem'>>(`/projects/${encodeURIComponent(ref ?? '')}/content/item/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!ref && isSnippetId(id),
    // The open editor owns the text while it is open; refetching would fight the user's typing.
    staleTime: Infinity,
  });
}
