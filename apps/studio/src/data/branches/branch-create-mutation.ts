import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Branch } from '@plinth/api-contract';
import { managementRequest } from '../management-request.ts';
import { projectKeys } from '../projects/keys.ts';
import { branchKeys } from './keys.ts';

/** The spec's branch create payload: projectRef, branch_name, git_branch, region. */
export interface BranchCreateVariables {
  projectRef: string;
  branchName: string;
  gitBranch: string;
  region?: string;
}

/** POST /v1/projects/{ref}/branches: answers CREATING_PROJECT; the build job does the rest. */
export function createBranch({ projectRef, branchName, gitBranch, region }: BranchCreateVariables): Promise<Branch> {
  return managementRequest<Branch>('POST', `/v1/projects/${encodeURIComponent(projectRef)}/branches`, {
    body: { branch_name: branchName, git_branch: gitBranch, ...(region && { region }) },
  });
}

export function useBranchCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranch,
    // The list shows the new branch (and polls while it builds); the parent is now is_branch_enabled, and there is one more project.
    onSuccess: (_branch, { projectRef }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: branchKeys.list(projectRef) }), queryClient.invalidateQueries({ queryKey: projectKeys.list() }), queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectRef) })]),
  });
}
