import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { PgFunction } from '../pg-meta/types.ts';
import { functionKeys } from './keys.ts';

export function useFunctionDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade?: boolean }) =>
      pgMetaApi.remove<PgFunction>(ref, 'functions', id, { cascade: cascade ? 'true' : undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: functionKeys.all(ref) }),
  });
}
