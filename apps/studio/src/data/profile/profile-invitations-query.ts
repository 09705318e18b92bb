import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { profileKeys } from './keys.ts';

export function useProfileInvitationsQuery() {
  return useQuery({
    queryKey: profileKeys.invitations(),
    queryFn: ({ signal }) => api.get<ResponseOf<'profileInvitations'>>('/profile/invitations', { signal }),
  });
}
