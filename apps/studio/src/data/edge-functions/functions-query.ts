import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { edgeFunctionKeys } from './keys.ts';

export function getFunctions(ref: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'functions'>>(`/projects/${encodeURIComponent(ref)}/functions`, { signal });
}

/**
 * GET /projects/{ref}/functions (spec document 2 §7): the project's edge functions, as the list page
 * and the API docs show them. `ref` undefined keeps it idle (members who do not see the docs' section).
 */
export function useFunctionsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: edgeFunctionKeys.list(ref),
    queryFn: ({ signal }) => getFunctions(ref as string, signal),
    enabled: !!ref,
    // Functions are also deployed from the CLI, the API and other members: the list and the docs show it as it is now.
    refetchOnMount: 'always',
  });
}
