import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { refreshProject, setProjectStatus } from '../projects/project-query.ts';
import { projectKeys } from '../projects/keys.ts';

export function upgradeProject(ref: string, targetVersion: string): Promise<ResponseOf<'projectUpgrade'>> {
  return api.post<ResponseOf<'projectUpgrade'>>(`/projects/${encodeURIComponent(ref)}/upgrade`, { target_version: targetVersion });
}

/**
 * Starts a PostgreSQL major upgrade. The project is UPGRADING from then on, so it is set so at once
 * (the main area switches to the upgrading screen) and refetched; the upgrade's old status is dropped
 * so the screen does not show the previous upgrade's outcome.
 */
export function useProjectUpgradeMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targetVersion: string) => upgradeProject(ref, targetVersion),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: projectKeys.upgradeStatus(ref) });
      setProjectStatus(queryClient, ref, 'UPGRADING');
      await refreshProject(queryClient, ref);
    },
  });
}
