import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Policy, PolicyCreate } from '../pg-meta/types.ts';
import { policyKeys } from './keys.ts';

export function usePolicyCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PolicyCreate) => pgMetaApi.create<Policy>(ref, 'policies', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.all(ref) }),
  });
}
