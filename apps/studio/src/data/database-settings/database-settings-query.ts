import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { databaseSettingsKeys } from './keys.ts';

export type DatabaseSettings = ResponseOf<'databaseSettings'>;

export function getDatabaseSettings(ref: string, signal?: AbortSignal): Promise<DatabaseSettings> {
  return api.get<DatabaseSettings>(`/projects/${encodeURIComponent(ref)}/settings/database`, { signal });
}

/** Connection strings, pool settings, restrictions and size of the project database, in one call. */
export function useDatabaseSettingsQuery(ref: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: databaseSettingsKeys.settings(ref),
    queryFn: ({ signal }) => getDatabaseSettings(ref ?? '', signal),
    enabled: !!ref && (options.enabled ?? true),
  });
}
