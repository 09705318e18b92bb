import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiSettingsKeys } from './keys.ts';

export type PostgrestConfig = ResponseOf<'postgrestConfig'>;

/** Exposed schemas (comma-separated) and max rows of the project's Data API. */
export function usePostgrestConfigQuery(ref: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: apiSettingsKeys.postgrestConfig(ref),
    queryFn: ({ signal }) => api.get<PostgrestConfig>(`/projects/${encodeURIComponent(ref ?? '')}/config/postgrest`, { signal }),
    enabled: !!ref && (options.enabled ?? true),
  });
}

export function exposedSchemasOf(config: PostgrestConfig | undefined): string[] {
  return (config?.db_schema ?? '')
    .split(',')
    .map((schema) => schema.trim())
    .filter(Boolean);
}
