import { useQuery } from '@tanstack/react-query';
import type { BranchMigrationLog } from '@plinth/api-contract';
import { managementRequest } from '../management-request.ts';
import { branchKeys } from './keys.ts';

/** GET /v1/branches/{id}/migrations: what was applied to the branch, and every failed attempt. */
export function getBranchMigrations(id: string, signal?: AbortSignal): Promise<BranchMigrationLog> {
  return managementRequest<BranchMigrationLog>('GET', `/v1/branches/${encodeURIComponent(id)}/migrations`, { signal });
}

export function useBranchMigrationsQuery(ref: string, id: string | undefined) {
  return useQuery({ queryKey: branchKeys.migrations(ref, id), queryFn: ({ signal }) => getBranchMigrations(id as string, signal), enabled: !!id });
}
