import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';

export function transferProject(ref: string, targetSlug: string) {
  return api.post<ResponseOf<'projectTransfer'>>(`/projects/${encodeURIComponent(ref)}/transfer`, { target_organization_slug: targetSlug });
}

export function useProjectTransferMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targetSlug: string) => transferProject(ref, targetSlug),
    onSuccess: async (project) => {
      // The project now belongs to another organisation: its detail, the lists and both organisations' usage change.
      queryClient.setQueryData(projectKeys.detail(ref), project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
      await queryClient.invalidateQueries({ queryKey: ['organizations'] });
    },
  });
}
