import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { preferenceKeys } from './keys.ts';

export function updatePreferences(body: BodyOf<'preferencesUpdate'>) {
  return api.patch<ResponseOf<'preferencesUpdate'>>('/profile/preferences', body);
}

export function usePreferencesUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    // The answer is the whole new state: the theme applies at once, no refetch needed.
    onSuccess: (preferences) => queryClient.setQueryData(preferenceKeys.detail(), preferences),
  });
}
