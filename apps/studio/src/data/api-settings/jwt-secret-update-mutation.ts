import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiSettingsKeys } from './keys.ts';

/** Rotates the JWT secret: `jwtSecret` omitted -> the server generates one. */
export function useJwtSecretUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jwtSecret }: { jwtSecret?: string }) =>
      api.post<ResponseOf<'jwtSecretUpdate'>>(
        `/projects/${encodeURIComponent(ref)}/config/secrets/update-jwt-secret`,
        jwtSecret === undefined ? {} : { jwt_secret: jwtSecret },
      ),
    onSuccess: ({ change_tracking_id }) => {
      // Show "updating" at once (and start the 1 s polling) instead of waiting for the next read.
      queryClient.setQueryData<ResponseOf<'jwtSecretUpdateStatus'>>(apiSettingsKeys.jwtSecretUpdateStatus(ref), {
        jwtSecretUpdateStatus: { meta: { status: 'updating', progress: null, error: null, change_tracking_id } },
      });
      return queryClient.invalidateQueries({ queryKey: apiSettingsKeys.jwtSecretUpdateStatus(ref) });
    },
  });
}
