import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { PgFunction, FunctionUpdate } from '../pg-meta/types.ts';
import { functionKeys } from './keys.ts';

export function useFunctionUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: FunctionUpdate }) => pgMetaApi.update<PgFunction>(ref, 'functions', id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: functionKeys.all(ref) }),
  });
}
