import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';

/** Resolves once the project's database answers again. */
export function restartProject(ref: string) {
  return api.post<ResponseOf<'projectRestart'>>(`/projects/${encodeURIComponent(ref)}/restart`);
}

export function useProjectRestartMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => restartProject(ref),
    // Its liveness and status were read before the restart.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.live(ref) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.status(ref) });
    },
  });
}
