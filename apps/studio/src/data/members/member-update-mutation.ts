import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from '../organizations/keys.ts';

export function useMemberUpdateMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & BodyOf<'memberUpdate'>) =>
      api.patch<ResponseOf<'memberUpdate'>>(`/organizations/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`, { role }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.members(slug) }),
        // The caller may have changed their own role.
        queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
      ]);
    },
  });
}
