import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from '../organizations/keys.ts';
import { profileKeys } from '../profile/keys.ts';
import { projectKeys } from '../projects/keys.ts';

export function useInvitationAcceptMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, id }: { slug: string; id: number }) =>
      api.post<ResponseOf<'invitationAccept'>>(`/organizations/${encodeURIComponent(slug)}/members/invitations/${id}/accept`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.invitations() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
      ]);
    },
  });
}
