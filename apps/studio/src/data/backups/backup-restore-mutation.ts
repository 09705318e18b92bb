import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { projectKeys } from '../projects/keys.ts';
import { setProjectStatus } from '../projects/project-query.ts';

/** POST /platform/database/{ref}/backups/restore {id}: the project goes RESTORING while a job restores it. */
export function restoreBackup(ref: string, id: number): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(`/database/${encodeURIComponent(ref)}/backups/restore`, { id });
}

export function useBackupRestoreMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => restoreBackup(ref, id),
    // The project is now RESTORING: the layout shows the restore screen (and polls) until it is healthy again.
    onSuccess: () => {
      setProjectStatus(queryClient, ref, 'RESTORING');
      return queryClient.invalidateQueries({ queryKey: projectKeys.detail(ref) });
    },
  });
}
