import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from '../projects/keys.ts';
import { organizationKeys } from './keys.ts';

export function useOrganizationDeleteMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmSlug: string) =>
      api.delete<ResponseOf<'organizationDelete'>>(`/organizations/${encodeURIComponent(slug)}`, { confirm_slug: confirmSlug }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['organizations', slug] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
      ]);
    },
  });
}
