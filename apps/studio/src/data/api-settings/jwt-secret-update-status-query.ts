import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiSettingsKeys } from './keys.ts';

export type JwtSecretUpdateStatus = 'updating' | 'updated' | 'failed';

/** Spec §4: while the secret is updating the status is polled each second. */
export const JWT_STATUS_POLL_MS = 1000;

export function useJwtSecretUpdateStatusQuery(ref: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: apiSettingsKeys.jwtSecretUpdateStatus(ref),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<'jwtSecretUpdateStatus'>>(`/props/project/${encodeURIComponent(ref ?? '')}/jwt-secret-update-status`, { signal }),
    enabled: !!ref && (options.enabled ?? true),
    refetchInterval: (query) => (query.state.data?.jwtSecretUpdateStatus?.meta.status === 'updating' ? JWT_STATUS_POLL_MS : false),
    staleTime: 0,
  });
}

/** No rotation ever started reads as "updated": the keys in place are good. */
export function jwtStatusOf(data: ResponseOf<'jwtSecretUpdateStatus'> | undefined): JwtSecretUpdateStatus {
  return data?.jwtSecretUpdateStatus?.meta.status ?? 'updated';
}
