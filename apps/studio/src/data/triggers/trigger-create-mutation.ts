import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { TriggerCreate, Trigger } from '../pg-meta/types.ts';
import { triggerKeys } from './keys.ts';

export function useTriggerCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TriggerCreate) => pgMetaApi.create<Trigger>(ref, 'triggers', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: triggerKeys.all(ref) }),
  });
}
