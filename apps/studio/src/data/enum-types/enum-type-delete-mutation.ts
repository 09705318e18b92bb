import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { PgType } from '../pg-meta/types.ts';

export function useEnumTypeDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade?: boolean }) => pgMetaApi.remove<PgType>(ref, 'types', id, { cascade: cascade ? 'true' : undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', ref] }),
  });
}
