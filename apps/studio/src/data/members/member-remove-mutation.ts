import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from '../organizations/keys.ts';
import { projectKeys } from '../projects/keys.ts';

/** Removes a member; removing yourself is leaving the organisation. */
export function useMemberRemoveMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; isSelf: boolean }) =>
      api.delete<ResponseOf<'memberRemove'>>(`/organizations/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`),
    onSuccess: async (_data, { isSelf }) => {
      if (isSelf) {
        queryClient.removeQueries({ queryKey: ['organizations', slug] });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
          queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
        ]);
      } else {
        await queryClient.invalidateQueries({ queryKey: organizationKeys.members(slug) });
      }
    },
  });
}
