import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Index } from '../pg-meta/types.ts';
import { indexKeys } from './keys.ts';

export function useIndexDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade?: boolean }) =>
      pgMetaApi.remove<Index>(ref, 'indexes', id, { cascade: cascade ? 'true' : undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: indexKeys.all(ref) }),
  });
}
