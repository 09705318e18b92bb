import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from './keys.ts';

export type FreeProjectLimitMember = ResponseOf<'reachedFreeProjectLimit'>[number];

/** Owners and administrators of the organisation who are at the free-project limit (empty: none). */
export function useFreeProjectLimitQuery(slug: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: organizationKeys.freeProjectLimit(slug),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'reachedFreeProjectLimit'>>(
        `/organizations/${encodeURIComponent(slug ?? '')}/members/reached-free-project-limit`,
        { signal },
      ),
    enabled: !!slug && (options.enabled ?? true),
  });
}
