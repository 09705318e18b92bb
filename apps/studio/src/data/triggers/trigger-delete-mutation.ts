import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Trigger } from '../pg-meta/types.ts';
import { triggerKeys } from './keys.ts';

export function useTriggerDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade?: boolean }) =>
      pgMetaApi.remove<Trigger>(ref, 'triggers', id, { cascade: cascade ? 'true' : undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: triggerKeys.all(ref) }),
  });
}
