import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Policy, PolicyUpdate } from '../pg-meta/types.ts';
import { policyKeys } from './keys.ts';

/** Sends only the changed fields; the server runs them in one transaction. */
export function usePolicyUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: PolicyUpdate }) => pgMetaApi.update<Policy>(ref, 'policies', id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.all(ref) }),
  });
}
