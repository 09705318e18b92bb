import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRootJson } from '../content/api-root.ts';

export const TYPES_FILE_NAME = 'supabase.ts';

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/typescript' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'Generate and download types': GET /api/v1/projects/{ref}/types/typescript (the Management API), saved as a .ts file. */
export function useTypesDownloadMutation(ref: string) {
  return useMutation({
    mutationFn: async () => {
      const { types } = await apiRootJson<ResponseOf<'projectTypes'>>('GET', `/v1/projects/${encodeURIComponent(ref)}/types/typescript`);
      download(types, TYPES_FILE_NAME);
      return types;
    },
  });
}
