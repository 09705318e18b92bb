import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { authorizedFetch } from './api-root.ts';

/** POST /api/ai/sql/title: a title and description derived locally from the SQL (no AI service). */
export function useSqlTitleMutation() {
  return useMutation({
    mutationFn: async ({ sql }: { sql: string }) => {
      const response = await authorizedFetch('/api/ai/sql/title', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ sql }),
      });
      return (await response.json()) as ResponseOf<'sqlTitle'>;
    },
  });
}
