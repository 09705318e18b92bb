import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Project, ProjectStatus, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';

export function useProjectQuery(ref: string | undefined) {
  return useQuery({
    queryKey: projectKeys.detail(ref),
    queryFn: ({ signal }) => api.get<ResponseOf<'project'>>(`/projects/${encodeURIComponent(ref ?? '')}`, { signal }),
    enabled: !!ref,
  });
}

/** Sets the status locally (the spec's "restoring state is set locally after restore is requested"). */
export function setProjectStatus(queryClient: QueryClient, ref: string, status: ProjectStatus): void {
  queryClient.setQueryData<Project>(projectKeys.detail(ref), (project) => (project ? { ...project, status } : project));
}

/** Refetches the project and every list it appears in. */
export async function refreshProject(queryClient: QueryClient, ref: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(ref) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
  ]);
}
