import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Policy } from '../pg-meta/types.ts';
import { policyKeys } from './keys.ts';

export function usePolicyDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => pgMetaApi.remove<Policy>(ref, 'policies', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.all(ref) }),
  });
}
