import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../lib/api.ts';

/** GET /platform/database/{ref}/backups/{id}/download: the gzip SQL file, saved by the browser. */
export function downloadBackup(ref: string, id: number): Promise<Blob> {
  return apiDownload('GET', `/database/${encodeURIComponent(ref)}/backups/${id}/download`);
}

export function useBackupDownloadMutation(ref: string) {
  return useMutation({
    mutationFn: async ({ id, insertedAt }: { id: number; insertedAt: string }) => {
      const blob = await downloadBackup(ref, id);
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `${ref}-${insertedAt.replace(/[:.]/g, '-')}.sql.gz`;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
