import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

export function deleteGitRepository(slug: string, id: string) {
  return api.delete(`/organizations/${encodeURIComponent(slug)}/git-repositories/${encodeURIComponent(id)}`);
}

export function useGitRepositoryDeleteMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteGitRepository(slug, id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: gitKeys.repositories(slug) });
      await queryClient.invalidateQueries({ queryKey: gitKeys.integrations(slug) });
      // Projects connected to it lost their connection: every project's connection is read again.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'projects' && q.queryKey[2] === 'git-connection' });
    },
  });
}
