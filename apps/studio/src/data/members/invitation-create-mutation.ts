import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from '../organizations/keys.ts';

export function useInvitationCreateMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'invitationCreate'>) =>
      api.post<ResponseOf<'invitationCreate'>>(`/organizations/${encodeURIComponent(slug)}/members/invitations`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(slug) });
    },
  });
}
