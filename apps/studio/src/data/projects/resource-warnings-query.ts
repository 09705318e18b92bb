import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { RESOURCE_WARNINGS_STALE_MS } from '../../lib/constants.ts';
import { projectKeys } from './keys.ts';

export function useResourceWarningsQuery() {
  return useQuery({
    queryKey: projectKeys.resourceWarnings(),
    queryFn: ({ signal }) => api.get<ResponseOf<'resourceWarnings'>>('/projects-resource-warnings', { signal }),
    staleTime: RESOURCE_WARNINGS_STALE_MS,
    retry: false,
  });
}
