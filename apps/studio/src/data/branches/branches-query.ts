import { useQuery } from '@tanstack/react-query';
import type { Branch } from '@plinth/api-contract';
import { managementRequest } from '../management-request.ts';
import { branchKeys } from './keys.ts';

/** While a branch is being built the list is read again this often, until every branch has settled. */
const BUILDING_REFRESH_MS = 2_000;
const SETTLED = new Set(['MIGRATIONS_PASSED', 'MIGRATIONS_FAILED']);

/** GET /v1/projects/{ref}/branches. */
export function getBranches(ref: string, signal?: AbortSignal): Promise<Branch[]> {
  return managementRequest<Branch[]>('GET', `/v1/projects/${encodeURIComponent(ref)}/branches`, { signal });
}

export function useBranchesQuery(ref: string | undefined) {
  return useQuery({
    queryKey: branchKeys.list(ref),
    queryFn: ({ signal }) => getBranches(ref as string, signal),
    enabled: !!ref,
    refetchInterval: (query) => (query.state.data?.some((branch) => !SETTLED.has(branch.status)) ? BUILDING_REFRESH_MS : false),
  });
}
