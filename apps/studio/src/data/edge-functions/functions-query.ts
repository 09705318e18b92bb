import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { edgeFunctionKeys } from './keys.ts';

export function getFunctions(ref: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'functions'>>(`/projects/${encodeURIComponent(ref)}/functions`, { signal });
}

/** GET /projects/{ref}/functions: the project's edge functions, as the list page and the API docs show them. */
export function useFunctionsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: edgeFunctionKeys.list(ref),
    queryFn: ({ signal }) => getFunctions(ref as string, signal),
    enabled: !!ref,
  });
}
