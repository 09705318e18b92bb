import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Project } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from '../projects/keys.ts';

/** POST .../backups/{id}/restore-to-new-project: a new project (COMING_UP) that the backup is imported into once it is up. */
export function restoreBackupToNewProject(ref: string, id: number, body: BodyOf<'backupRestoreToNewProject'>): Promise<Project> {
  return api.post<Project>(`/database/${encodeURIComponent(ref)}/backups/${id}/restore-to-new-project`, body);
}

export function useBackupRestoreToNewProjectMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & BodyOf<'backupRestoreToNewProject'>) => restoreBackupToNewProject(ref, id, body),
    // The organisation has one more project.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
  });
}
