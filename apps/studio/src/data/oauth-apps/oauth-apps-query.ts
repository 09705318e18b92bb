import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { oauthAppKeys } from './keys.ts';

/** GET /platform/organizations/{slug}/oauth/apps: the apps this organisation publishes, without secrets. */
export function getOAuthApps(slug: string, signal?: AbortSignal): Promise<ResponseOf<'oauthApps'>> {
  return api.get<ResponseOf<'oauthApps'>>(`/organizations/${encodeURIComponent(slug)}/oauth/apps`, { signal });
}

export function useOAuthAppsQuery(slug: string) {
  return useQuery({ queryKey: oauthAppKeys.published(slug), queryFn: ({ signal }) => getOAuthApps(slug, signal) });
}
