import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';

export function useProjectsQuery() {
  return useQuery({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => api.get<ResponseOf<'projects'>>('/projects', { signal }),
  });
}
