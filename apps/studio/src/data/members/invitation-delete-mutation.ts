import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from '../organizations/keys.ts';
import { profileKeys } from '../profile/keys.ts';

/** Cancels an invitation (organisation side) or declines one (invitee side). */
export function useInvitationDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, id }: { slug: string; id: number }) =>
      api.delete<ResponseOf<'invitationDelete'>>(`/organizations/${encodeURIComponent(slug)}/members/invitations/${id}`),
    onSuccess: async (_data, { slug }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(slug) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.invitations() }),
      ]);
    },
  });
}
