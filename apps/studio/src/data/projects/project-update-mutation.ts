import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';

export function useProjectUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'projectUpdate'>) => api.patch<ResponseOf<'projectUpdate'>>(`/projects/${encodeURIComponent(ref)}`, body),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(ref), project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}
