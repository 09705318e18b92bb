import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { managementRequest } from '../management-request.ts';
import { databaseSettingsKeys } from './keys.ts';

/** Replaces the whole allow-list; an empty list allows all access. */
export function applyNetworkRestrictions(ref: string, cidrs: string[]): Promise<ResponseOf<'v1NetworkRestrictionsApply'>> {
  const isV6 = (cidr: string) => cidr.includes(':');
  return managementRequest('POST', `/v1/projects/${encodeURIComponent(ref)}/network-restrictions/apply`, {
    body: { dbAllowedCidrs: cidrs.filter((c) => !isV6(c)), dbAllowedCidrsV6: cidrs.filter(isV6) },
  });
}

export function useNetworkRestrictionsMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cidrs: string[]) => applyNetworkRestrictions(ref, cidrs),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseSettingsKeys.settings(ref) }),
  });
}
