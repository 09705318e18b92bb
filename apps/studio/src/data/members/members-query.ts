import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from '../organizations/keys.ts';

export function useMembersQuery(slug: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.members(slug),
    queryFn: ({ signal }) => api.get<ResponseOf<'members'>>(`/organizations/${encodeURIComponent(slug ?? '')}/members`, { signal }),
    enabled: !!slug,
  });
}
