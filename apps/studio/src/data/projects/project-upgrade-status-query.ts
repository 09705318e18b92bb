import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { UPGRADE_POLL_MS } from '../../lib/constants.ts';
import { projectKeys } from './keys.ts';

/** The spec's database upgrade status; the current server always answers null (no upgrade running). */
export interface DatabaseUpgradeStatus {
  initiated_at: string;
  status: string;
  /** "3_..." : the number before the underscore is the current step index. */
  progress: string | null;
  target_version: string | number;
  error: string | null;
}

export function useProjectUpgradeStatusQuery(ref: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.upgradeStatus(ref),
    queryFn: ({ signal }) =>
      api.get<{ databaseUpgradeStatus: DatabaseUpgradeStatus | null }>(`/projects/${encodeURIComponent(ref ?? '')}/upgrade/status`, { signal }),
    enabled: !!ref && enabled,
    refetchInterval: UPGRADE_POLL_MS,
  });
}
