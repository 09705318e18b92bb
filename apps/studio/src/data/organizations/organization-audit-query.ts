import { useInfiniteQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { AUDIT_PAGE_SIZE } from '../../lib/constants.ts';
import { organizationKeys } from './keys.ts';

export function useOrganizationAuditQuery(slug: string | undefined) {
  return useInfiniteQuery({
    queryKey: organizationKeys.audit(slug),
    queryFn: ({ signal, pageParam }) =>
      api.get<ResponseOf<'organizationAudit'>>(`/organizations/${encodeURIComponent(slug ?? '')}/audit`, {
        signal,
        query: { limit: AUDIT_PAGE_SIZE, before: pageParam },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    enabled: !!slug,
  });
}
