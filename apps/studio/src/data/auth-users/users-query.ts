import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuthUsersQuery, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { authUserKeys } from './keys.ts';

export function getAuthUsers(ref: string, query: AuthUsersQuery, signal?: AbortSignal) {
  return apiRequest<ResponseOf<'authUsers'>>('GET', `/projects/${encodeURIComponent(ref)}/auth/users`, { query: { ...query }, signal });
}

/**
 * GET /projects/{ref}/auth/users: one page of users with the total. The previous page stays on screen
 * while the next search or page loads, so the table does not flash empty at every keystroke.
 */
export function useAuthUsersQuery(ref: string | undefined, query: AuthUsersQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: authUserKeys.list(ref, query),
    queryFn: ({ signal }) => getAuthUsers(ref as string, query, signal),
    enabled: !!ref && enabled,
    placeholderData: keepPreviousData,
  });
}
