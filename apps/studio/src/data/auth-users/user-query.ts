import { useQuery } from '@tanstack/react-query';
import type { AuthUser, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { authUserKeys } from './keys.ts';

export function getAuthUser(ref: string, id: string, signal?: AbortSignal) {
  return apiRequest<ResponseOf<'authUser'>>('GET', `/projects/${encodeURIComponent(ref)}/auth/users/${encodeURIComponent(id)}`, { signal });
}

/**
 * GET /projects/{ref}/auth/users/{id} for the user panel. It opens on the row the table already has
 * (`initial`) and refreshes it, so factors and bans changed elsewhere show up.
 */
export function useAuthUserQuery(ref: string | undefined, id: string | undefined, initial?: AuthUser) {
  return useQuery({
    queryKey: authUserKeys.user(ref, id),
    queryFn: ({ signal }) => getAuthUser(ref as string, id as string, signal),
    enabled: !!ref && !!id,
    initialData: initial,
    initialDataUpdatedAt: 0,
  });
}
