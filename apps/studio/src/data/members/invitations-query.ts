import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from '../organizations/keys.ts';

export function useInvitationsQuery(slug: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: organizationKeys.invitations(slug),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'invitations'>>(`/organizations/${encodeURIComponent(slug ?? '')}/members/invitations`, { signal }),
    enabled: !!slug && (options.enabled ?? true),
  });
}
