import { useInfiniteQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { AUDIT_PAGE_SIZE } from '../../lib/constants.ts';
import { profileKeys } from './keys.ts';

export function useProfileAuditQuery() {
  return useInfiniteQuery({
    queryKey: profileKeys.audit(),
    queryFn: ({ signal, pageParam }) =>
      api.get<ResponseOf<'profileAudit'>>('/profile/audit', { signal, query: { limit: AUDIT_PAGE_SIZE, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}
