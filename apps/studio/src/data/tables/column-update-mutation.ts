import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Column, ColumnUpdate } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

export function useColumnUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ColumnUpdate }) => pgMetaApi.update<Column>(ref, 'columns', id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.all(ref) }),
  });
}
