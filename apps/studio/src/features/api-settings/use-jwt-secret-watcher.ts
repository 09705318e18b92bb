import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { jwtStatusOf, useJwtSecretUpdateStatusQuery, type JwtSecretUpdateStatus } from '../../data/api-settings/jwt-secret-update-status-query.ts';
import { apiDocsKeys } from '../../data/api-docs/keys.ts';
import { projectKeys } from '../../data/projects/keys.ts';

/**
 * The JWT secret's update status (polled each second while updating). When an update finishes the
 * API configuration is refreshed (spec §4) so the new keys appear everywhere.
 */
export function useJwtSecretWatcher(ref: string): JwtSecretUpdateStatus {
  const queryClient = useQueryClient();
  const query = useJwtSecretUpdateStatusQuery(ref);
  const status = jwtStatusOf(query.data);
  const previous = useRef<JwtSecretUpdateStatus | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before !== 'updating' || status === 'updating') return;
    void queryClient.invalidateQueries({ queryKey: projectKeys.settings(ref) });
    void queryClient.invalidateQueries({ queryKey: apiDocsKeys.all(ref) });
    if (status === 'updated') toast.success('Successfully updated JWT secret');
    else toast.error('Failed to update JWT secret');
  }, [status, ref, queryClient]);

  return status;
}
