import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';

export function useProjectSettingsQuery(ref: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.settings(ref),
    queryFn: ({ signal }) => api.get<ResponseOf<'projectSettings'>>(`/props/project/${encodeURIComponent(ref ?? '')}/settings`, { signal }),
    enabled: !!ref && (options.enabled ?? true),
  });
}
