import { useQuery } from '@tanstack/react-query';
import type { ProjectInfrastructure } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { infrastructureKeys } from './keys.ts';

export function getProjectInfrastructure(ref: string, signal?: AbortSignal): Promise<ProjectInfrastructure> {
  return api.get<ProjectInfrastructure>(`/projects/${encodeURIComponent(ref)}/infrastructure`, { signal });
}

/** Engine, server, Postgres version, disk against the plan and upgrade eligibility, measured now. */
export function useProjectInfrastructureQuery(ref: string | undefined) {
  return useQuery({
    queryKey: infrastructureKeys.infrastructure(ref),
    queryFn: ({ signal }) => getProjectInfrastructure(ref ?? '', signal),
    enabled: !!ref,
  });
}
