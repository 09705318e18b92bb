import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRootJson } from '../content/api-root.ts';

/**
 * GET /api/v1/projects/{ref}/types/typescript -> { types }: the project's schemas as the TypeScript
 * `Database` type supabase-js users import, downloaded as database.types.ts.
 */
export function useGenerateTypesMutation(ref: string) {
  return useMutation({
    mutationFn: async () => {
      const { types } = await apiRootJson<ResponseOf<'projectTypes'>>('GET', `/v1/projects/${encodeURIComponent(ref)}/types/typescript`);
      const url = URL.createObjectURL(new Blob([types], { type: 'text/typescript' }));
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = 'database.types.ts';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return types;
    },
  });
}
