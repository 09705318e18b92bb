import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { IndexCreate, Index } from '../pg-meta/types.ts';
import { indexKeys } from './keys.ts';

export function useIndexCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IndexCreate) => pgMetaApi.create<Index>(ref, 'indexes', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: indexKeys.all(ref) }),
  });
}
