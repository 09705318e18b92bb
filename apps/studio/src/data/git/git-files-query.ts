import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

/** The connected repository's supabase/migrations and seed.sql at the production branch's head. */
export function getGitFiles(ref: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'projectGitFiles'>>(`/projects/${encodeURIComponent(ref)}/git-connection/files`, { signal });
}

export function useGitFilesQuery(ref: string | undefined, enabled = true) {
  return useQuery({ queryKey: gitKeys.files(ref), queryFn: ({ signal }) => getGitFiles(ref ?? '', signal), enabled: !!ref && enabled, retry: false });
}
