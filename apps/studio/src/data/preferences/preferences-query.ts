import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { preferenceKeys } from './keys.ts';

export function getPreferences(signal?: AbortSignal) {
  return api.get<ResponseOf<'preferences'>>('/profile/preferences', { signal });
}

/** `isEnabled`: only while signed in (the theme is read on every page, signed-in or not). */
export function usePreferencesQuery(isEnabled = true) {
  return useQuery({ queryKey: preferenceKeys.detail(), queryFn: ({ signal }) => getPreferences(signal), enabled: isEnabled, staleTime: 5 * 60_000 });
}
