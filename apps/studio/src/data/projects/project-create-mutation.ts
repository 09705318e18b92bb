import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from '../organizations/keys.ts';
import { projectKeys } from './keys.ts';

export function useProjectCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'projectCreate'>) => api.post<ResponseOf<'projectCreate'>>('/projects', body),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(project.ref), project);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.freeProjectLimit(project.organization_slug) }),
      ]);
    },
  });
}
