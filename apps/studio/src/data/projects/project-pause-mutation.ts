import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';

export function useProjectPauseMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ResponseOf<'projectPause'>>(`/projects/${encodeURIComponent(ref)}/pause`),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(ref), project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}
