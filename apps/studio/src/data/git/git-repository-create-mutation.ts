import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

export function createGitRepository(slug: string, body: BodyOf<'gitRepositoryCreate'>) {
  return api.post<ResponseOf<'gitRepositoryCreate'>>(`/organizations/${encodeURIComponent(slug)}/git-repositories`, body);
}

export function useGitRepositoryCreateMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'gitRepositoryCreate'>) => createGitRepository(slug, body),
    // The list gains the repository (and the organisation its integration, with the first one).
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: gitKeys.repositories(slug) }), queryClient.invalidateQueries({ queryKey: gitKeys.integrations(slug) })]),
  });
}
