import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Column } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

export function useColumnDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cascade }: { id: string; cascade?: boolean }) =>
      pgMetaApi.remove<Column>(ref, 'columns', id, { cascade: cascade ? 'true' : undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', ref] }),
  });
}
