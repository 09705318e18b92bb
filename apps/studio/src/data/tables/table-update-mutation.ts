import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Table, TableUpdate } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

/** Any table change, the RLS toggle included (`{ rls_enabled }`); refetches the table lists. */
export function useTableUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TableUpdate }) => pgMetaApi.update<Table>(ref, 'tables', id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.all(ref) }),
  });
}
