import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managementRequest } from '../management-request.ts';
import { projectKeys } from '../projects/keys.ts';
import { branchKeys } from './keys.ts';

const branchPath = (id: string) => `/v1/branches/${encodeURIComponent(id)}`;

/** DELETE /v1/branches/{id}: the branch and its project. */
export function deleteBranch(id: string): Promise<{ message: string }> {
  return managementRequest('DELETE', branchPath(id));
}

/** POST /v1/branches/{id}/reset: rebuilt from its Git branch. */
export function resetBranch(id: string): Promise<{ message: string }> {
  return managementRequest('POST', `${branchPath(id)}/reset`);
}

/** POST /v1/branches/{id}/merge: its new migrations applied to the parent. */
export function mergeBranch(id: string): Promise<{ message: string; migrations: { version: string; name: string }[] }> {
  return managementRequest('POST', `${branchPath(id)}/merge`);
}

/** The three row actions; each refreshes the list (a deleted branch's project also leaves the project list). */
export function useBranchActionMutations(ref: string) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: branchKeys.list(ref) }), queryClient.invalidateQueries({ queryKey: projectKeys.list() })]);
  return {
    remove: useMutation({ mutationFn: deleteBranch, onSuccess: refresh }),
    reset: useMutation({ mutationFn: resetBranch, onSuccess: refresh }),
    merge: useMutation({ mutationFn: mergeBranch, onSuccess: refresh }),
  };
}
