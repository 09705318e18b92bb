import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

/** The project's Git connection, or null when it has none. */
export function getGitConnection(ref: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'projectGitConnection'>>(`/projects/${encodeURIComponent(ref)}/git-connection`, { signal });
}

export function useGitConnectionQuery(ref: string | undefined) {
  return useQuery({ queryKey: gitKeys.connection(ref), queryFn: ({ signal }) => getGitConnection(ref ?? '', signal), enabled: !!ref });
}
