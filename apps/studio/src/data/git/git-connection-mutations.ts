import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

export function createGitConnection(ref: string, body: BodyOf<'projectGitConnectionCreate'>) {
  return api.post<ResponseOf<'projectGitConnectionCreate'>>(`/projects/${encodeURIComponent(ref)}/git-connection`, body);
}

export function deleteGitConnection(ref: string) {
  return api.delete(`/projects/${encodeURIComponent(ref)}/git-connection`);
}

/** Connecting or disconnecting changes the connection, the files it reads, and what branching can use. */
function useInvalidateConnection(ref: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['projects', ref], predicate: (q) => q.queryKey[2] === 'git-connection' || q.queryKey[2] === 'branches' });
}

export function useGitConnectionCreateMutation(ref: string) {
  const invalidate = useInvalidateConnection(ref);
  return useMutation({ mutationFn: (body: BodyOf<'projectGitConnectionCreate'>) => createGitConnection(ref, body), onSuccess: invalidate });
}

export function useGitConnectionDeleteMutation(ref: string) {
  const invalidate = useInvalidateConnection(ref);
  return useMutation({ mutationFn: () => deleteGitConnection(ref), onSuccess: invalidate });
}
