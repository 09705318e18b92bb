import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Relationship } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

export function useForeignKeyDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => pgMetaApi.remove<Relationship[]>(ref, 'foreign-keys', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.all(ref) }),
  });
}
