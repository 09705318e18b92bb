import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { edgeFunctionKeys } from './keys.ts';

export function getFunctionSource(ref: string, slug: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'functionSource'>>(`/projects/${encodeURIComponent(ref)}/functions/${encodeURIComponent(slug)}/source`, { signal });
}

/** GET .../functions/{slug}/source: the current version's files as text, for the Code tab's editor. */
export function useFunctionSourceQuery(ref: string | undefined, slug: string | undefined) {
  return useQuery({
    queryKey: edgeFunctionKeys.source(ref, slug),
    queryFn: ({ signal }) => getFunctionSource(ref as string, slug as string, signal),
    enabled: !!ref && !!slug,
    // The open editor owns the text; a refetch on focus would fight the user's typing.
    staleTime: Infinity,
  });
}
