import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { UPGRADE_POLL_MS } from '../../lib/constants.ts';
import { projectKeys } from './keys.ts';

/**
 * The project's latest database upgrade (Supabase's shape): status 0 running, 1 failed, 2 upgraded;
 * progress "3_shut_down_api_services", whose number before the underscore is the current step.
 */
export type DatabaseUpgradeStatus = NonNullable<ResponseOf<'projectUpgradeStatus'>['databaseUpgradeStatus']>;

export function useProjectUpgradeStatusQuery(ref: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.upgradeStatus(ref),
    queryFn: ({ signal }) => api.get<ResponseOf<'projectUpgradeStatus'>>(`/projects/${encodeURIComponent(ref ?? '')}/upgrade/status`, { signal }),
    enabled: !!ref && enabled,
    // Polled while the upgrade runs; a finished one does not change.
    refetchInterval: (query) => (query.state.data?.databaseUpgradeStatus?.status ? false : UPGRADE_POLL_MS),
  });
}
