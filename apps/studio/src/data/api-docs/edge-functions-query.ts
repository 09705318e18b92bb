import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiDocsKeys } from './keys.ts';

export type DocsEdgeFunctions = ResponseOf<'functions'>;

/** Spec §7: GET /projects/{ref}/functions, the project's edge functions for the docs' list. */
export function getDocsEdgeFunctions(ref: string, signal?: AbortSignal) {
  return api.get<DocsEdgeFunctions>(`/projects/${encodeURIComponent(ref)}/functions`, { signal });
}

/** `ref` undefined keeps it idle, for members who do not see the Edge Functions section. */
export function useDocsEdgeFunctionsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: apiDocsKeys.edgeFunctions(ref),
    queryFn: ({ signal }) => getDocsEdgeFunctions(ref as string, signal),
    enabled: !!ref,
    // Functions are deployed from the Functions page, the CLI and the API: the docs show the list as it is now.
    refetchOnMount: 'always',
  });
}
