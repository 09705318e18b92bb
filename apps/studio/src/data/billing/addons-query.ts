import { useQuery } from '@tanstack/react-query';
import type { ProjectAddons } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { billingKeys } from './keys.ts';

export function getProjectAddons(ref: string, signal?: AbortSignal): Promise<ProjectAddons> {
  return api.get<ProjectAddons>(`/projects/${encodeURIComponent(ref)}/billing/addons`, { signal });
}

export function useProjectAddonsQuery(ref: string | undefined) {
  return useQuery({ queryKey: billingKeys.addons(ref), queryFn: ({ signal }) => getProjectAddons(ref ?? '', signal), enabled: !!ref });
}
