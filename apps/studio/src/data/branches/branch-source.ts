import { useQuery } from '@tanstack/react-query';
import type { GitConnection, OrganizationIntegration, ResponseOf } from '@plinth/api-contract';
import { api, ApiError } from '../../lib/api.ts';
import { useProjectQuery } from '../projects/project-query.ts';
import { branchKeys } from './keys.ts';

/** The connected repository, as the spec's messages name it ({owner}/{repo}), and how to ask it for a branch. */
export interface BranchSource {
  owner: string;
  repo: string;
  /** Whether the branch exists in the repository (the integration's branch verification call). */
  verifyBranch: (branchName: string, signal: AbortSignal) => Promise<boolean>;
}

/**
 * GET /platform/integrations/github/branches/{organization_integration_id}/{repo_owner}/{repo_name}/{branch_name}:
 * whether the branch exists (404: it does not; any other failure is thrown, "Failed to check Github branch").
 */
export async function checkGitBranch(integrationId: string, owner: string, repo: string, branch: string, signal?: AbortSignal): Promise<boolean> {
  const path = [integrationId, owner, repo, branch].map(encodeURIComponent).join('/');
  try {
    await api.get<ResponseOf<'integrationBranch'>>(`/integrations/github/branches/${path}`, { signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * The project's connected repository as the branching dialog needs it: {owner}/{repo} for its
 * messages, and the verification call (the organisation's integration and the repository). null
 * when the project has no Git connection.
 */
export function useBranchSource(ref: string | undefined) {
  const project = useProjectQuery(ref);
  const slug = project.data?.organization_slug;
  return useQuery({
    queryKey: [...branchKeys.list(ref), 'source'],
    enabled: !!ref && !!slug,
    queryFn: async ({ signal }): Promise<BranchSource | null> => {
      const connection = await api.get<GitConnection | null>(`/projects/${encodeURIComponent(ref as string)}/git-connection`, { signal });
      if (!connection) return null;
      const integrations = await api.get<OrganizationIntegration[]>(`/integrations/${encodeURIComponent(slug as string)}`, { signal });
      const integrationId = integrations[0]?.id;
      if (!integrationId) return null;
      const [owner = '', ...rest] = connection.repository.name.split('/');
      const repo = rest.join('/');
      return { owner, repo, verifyBranch: (name, verifySignal) => checkGitBranch(integrationId, owner, repo, name, verifySignal) };
    },
  });
}
