import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Table, TableCreate } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

export function useTableCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TableCreate) => pgMetaApi.create<Table>(ref, 'tables', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.all(ref) }),
  });
}
