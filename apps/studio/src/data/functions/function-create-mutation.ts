import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { FunctionCreate, PgFunction } from '../pg-meta/types.ts';
import { functionKeys } from './keys.ts';

export function useFunctionCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FunctionCreate) => pgMetaApi.create<PgFunction>(ref, 'functions', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: functionKeys.all(ref) }),
  });
}
