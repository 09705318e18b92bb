import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { managementRequest } from '../management-request.ts';
import { databaseSettingsKeys } from './keys.ts';

export function updateSslEnforcement(ref: string, isEnforced: boolean): Promise<ResponseOf<'v1SslEnforcementUpdate'>> {
  return managementRequest('PUT', `/v1/projects/${encodeURIComponent(ref)}/ssl-enforcement`, { body: { requestedConfig: { database: isEnforced } } });
}

export function useSslEnforcementMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isEnforced: boolean) => updateSslEnforcement(ref, isEnforced),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseSettingsKeys.settings(ref) }),
  });
}
