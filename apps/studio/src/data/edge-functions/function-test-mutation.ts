import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FunctionTestBody, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { edgeFunctionKeys } from './keys.ts';

export function testFunction(ref: string, slug: string, body: FunctionTestBody) {
  return api.post<ResponseOf<'functionTest'>>(`/projects/${encodeURIComponent(ref)}/functions/${encodeURIComponent(slug)}/test`, body);
}

/**
 * POST .../functions/{slug}/test: one invocation through the relay as a role or a project user. It
 * is a real invocation, so the function's stats and logs have something new to show.
 */
export function useFunctionTestMutation(ref: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FunctionTestBody) => testFunction(ref, slug, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: edgeFunctionKeys.traffic(ref, slug) }),
  });
}
