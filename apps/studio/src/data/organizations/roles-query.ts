import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { ROLES, type Role } from '@plinth/permissions';
import { api } from '../../lib/api.ts';
import { organizationKeys } from './keys.ts';

export function useRolesQuery(slug: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.roles(slug),
    queryFn: ({ signal }) => api.get<ResponseOf<'roles'>>(`/organizations/${encodeURIComponent(slug ?? '')}/roles`, { signal }),
    enabled: !!slug,
    staleTime: 5 * 60_000,
    select: (roles: ResponseOf<'roles'>): Role[] => roles.filter(isRole),
  });
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
