import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { projectKeys } from '../projects/keys.ts';
import { setProjectStatus } from '../projects/project-query.ts';

/** POST /platform/database/{ref}/backups/pitr {recovery_time_target_unix}: the project goes RESTORING while a job replays it. */
export function restoreToTime(ref: string, targetUnix: number): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(`/database/${encodeURIComponent(ref)}/backups/pitr`, { recovery_time_target_unix: targetUnix });
}

export function usePitrRestoreMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targetUnix: number) => restoreToTime(ref, targetUnix),
    // The project is now RESTORING: the layout shows the restore screen (and polls) until it is healthy again.
    onSuccess: () => {
      setProjectStatus(queryClient, ref, 'RESTORING');
      return queryClient.invalidateQueries({ queryKey: projectKeys.detail(ref) });
    },
  });
}
