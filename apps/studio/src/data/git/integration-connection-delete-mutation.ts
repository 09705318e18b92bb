import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

/** DELETE /platform/integrations/github/connections/{connection_id}: a project's connection, from the organisation's page. */
export function deleteIntegrationConnection(id: string) {
  return api.delete(`/integrations/github/connections/${encodeURIComponent(id)}`);
}

export function useIntegrationConnectionDeleteMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIntegrationConnection,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: gitKeys.integrations(slug) });
      // The project lost its connection: every project's connection is read again.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'projects' && q.queryKey[2] === 'git-connection' });
    },
  });
}
