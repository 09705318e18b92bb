import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Trigger, TriggerUpdate } from '../pg-meta/types.ts';
import { triggerKeys } from './keys.ts';

export function useTriggerUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TriggerUpdate }) => pgMetaApi.update<Trigger>(ref, 'triggers', id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: triggerKeys.all(ref) }),
  });
}
