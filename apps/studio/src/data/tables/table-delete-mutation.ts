import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Table } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

export function useTableDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade?: boolean }) =>
      pgMetaApi.remove<Table>(ref, 'tables', id, { cascade: cascade ? 'true' : undefined }),
    // Policies, triggers and indexes of the table went with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', ref] }),
  });
}
