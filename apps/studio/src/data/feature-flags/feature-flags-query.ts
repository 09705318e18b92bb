import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';

/** GET /api/platform/feature-flags: the platform's switches (PLINTH_FEATURE_FLAGS); they change only with a restart. */
export function useFeatureFlagsQuery() {
  return useQuery({
    queryKey: ['feature-flags'],
    queryFn: ({ signal }) => api.get<ResponseOf<'featureFlags'>>('/feature-flags', { signal }),
    staleTime: Infinity,
  });
}
