import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

export function getGitRepositories(slug: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'gitRepositories'>>(`/organizations/${encodeURIComponent(slug)}/git-repositories`, { signal });
}

export function useGitRepositoriesQuery(slug: string | undefined) {
  return useQuery({ queryKey: gitKeys.repositories(slug), queryFn: ({ signal }) => getGitRepositories(slug ?? '', signal), enabled: !!slug });
}
