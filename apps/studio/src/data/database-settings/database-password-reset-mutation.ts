import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';

export function resetDatabasePassword(ref: string, password: string): Promise<ResponseOf<'databasePasswordReset'>> {
  return api.patch<ResponseOf<'databasePasswordReset'>>(`/projects/${encodeURIComponent(ref)}/db-password`, { password });
}

/** Nothing cached holds the password (strings show [YOUR-PASSWORD]), so nothing to invalidate. */
export function useDatabasePasswordResetMutation(ref: string) {
  return useMutation({ mutationFn: (password: string) => resetDatabasePassword(ref, password) });
}
