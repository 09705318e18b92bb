import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { backupKeys } from './keys.ts';

/** POST /platform/database/{ref}/backups/pitr/enable: WAL archiving on (the database restarts); a job makes the first base backup. */
export function enablePitr(ref: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(`/database/${encodeURIComponent(ref)}/backups/pitr/enable`);
}

export function usePitrEnableMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enablePitr(ref),
    // The list now answers pitr_enabled, and polls until the first base backup gives the range.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list(ref) }),
  });
}
