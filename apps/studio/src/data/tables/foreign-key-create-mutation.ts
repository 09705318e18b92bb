import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { ForeignKeyCreate, Relationship } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

export function useForeignKeyCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ForeignKeyCreate) => pgMetaApi.create<Relationship[]>(ref, 'foreign-keys', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.all(ref) }),
  });
}
