import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Backup } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { backupKeys } from './keys.ts';

/** POST /platform/database/{ref}/backups: "Back up now" (answers PENDING; the job makes it). */
export function createBackup(ref: string): Promise<Backup> {
  return api.post<Backup>(`/database/${encodeURIComponent(ref)}/backups`);
}

export function useBackupCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createBackup(ref),
    // The list shows the new PENDING backup, and polls while it is made.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list(ref) }),
  });
}
