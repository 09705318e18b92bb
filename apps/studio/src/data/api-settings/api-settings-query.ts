import { useQuery } from '@tanstack/react-query';
import type { ProjectSettings, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from '../projects/keys.ts';

/** Spec §4: project settings are polled every 2 s until the API keys exist. */
export const SETTINGS_POLL_MS = 2000;

export function hasApiKeys(settings: ProjectSettings | undefined): boolean {
  return !!settings?.autoApiService.defaultApiKey;
}

/**
 * Project settings with the API keys. Shares its cache with useProjectSettingsQuery (same key), so
 * a refresh after a JWT secret rotation reaches every screen that shows a key.
 */
export function useApiSettingsQuery(ref: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.settings(ref),
    queryFn: ({ signal }) => api.get<ResponseOf<'projectSettings'>>(`/props/project/${encodeURIComponent(ref ?? '')}/settings`, { signal }),
    enabled: !!ref && (options.enabled ?? true),
    refetchInterval: (query) => (hasApiKeys(query.state.data) ? false : SETTINGS_POLL_MS),
  });
}
