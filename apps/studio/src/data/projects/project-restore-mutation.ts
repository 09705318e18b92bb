import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';
import { setProjectStatus } from './project-query.ts';

export function useProjectRestoreMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ResponseOf<'projectRestore'>>(`/projects/${encodeURIComponent(ref)}/restore`),
    onSuccess: async () => {
      // The restore screen takes over from here and polls until the project is healthy.
      setProjectStatus(queryClient, ref, 'RESTORING');
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}
