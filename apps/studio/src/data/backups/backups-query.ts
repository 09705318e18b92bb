import { useQuery } from '@tanstack/react-query';
import type { BackupList } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { backupKeys } from './keys.ts';

/** While a backup is being made the list is read again this often, until it is COMPLETED or FAILED. */
const PENDING_REFRESH_MS = 1_000;

/** GET /platform/database/{ref}/backups: newest first. */
export function getBackups(ref: string, signal?: AbortSignal): Promise<BackupList> {
  return api.get<BackupList>(`/database/${encodeURIComponent(ref)}/backups`, { signal });
}

export function useBackupsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: backupKeys.list(ref),
    queryFn: ({ signal }) => getBackups(ref as string, signal),
    enabled: !!ref,
    // Also while point-in-time recovery waits for its first base backup (the range is not known yet).
    refetchInterval: (query) => {
      const data = query.state.data;
      const isWaiting = data?.backups.some((backup) => backup.status === 'PENDING') || (data?.pitr_enabled && !data.physical_backup_data.earliest_physical_backup_date_unix);
      return isWaiting ? PENDING_REFRESH_MS : false;
    },
  });
}
