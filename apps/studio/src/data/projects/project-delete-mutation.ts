import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';

export function useProjectDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmRef: string) => api.delete<ResponseOf<'projectDelete'>>(`/projects/${encodeURIComponent(ref)}`, { confirm_ref: confirmRef }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['projects', ref] });
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
      await queryClient.invalidateQueries({ queryKey: ['organizations'] });
    },
  });
}
