import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Column, ColumnDefinition } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

export function useColumnCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ColumnDefinition & { table_id: number }) => pgMetaApi.create<Column>(ref, 'columns', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.all(ref) }),
  });
}
