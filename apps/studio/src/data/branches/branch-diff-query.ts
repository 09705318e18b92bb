import { useQuery } from '@tanstack/react-query';
import { apiUrl, authorizedFetch } from '../content/api-root.ts';
import { branchKeys } from './keys.ts';

/** GET /v1/branches/{id}/diff (text/plain): the SQL a merge would apply to the parent. */
export async function getBranchDiff(id: string, signal?: AbortSignal): Promise<string> {
  const response = await authorizedFetch(apiUrl(`/v1/branches/${encodeURIComponent(id)}/diff`), { signal });
  return response.text();
}

export function useBranchDiffQuery(ref: string, id: string | undefined) {
  return useQuery({ queryKey: branchKeys.diff(ref, id), queryFn: ({ signal }) => getBranchDiff(id as string, signal), enabled: !!id });
}
