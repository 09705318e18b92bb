import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { oauthAppKeys } from './keys.ts';

/** GET /platform/organizations/{slug}/oauth/authorized-apps: apps members approved to act on this organisation. */
export function getAuthorizedApps(slug: string, signal?: AbortSignal): Promise<ResponseOf<'oauthAuthorizedApps'>> {
  return api.get<ResponseOf<'oauthAuthorizedApps'>>(`/organizations/${encodeURIComponent(slug)}/oauth/authorized-apps`, { signal });
}

export function useAuthorizedAppsQuery(slug: string) {
  return useQuery({ queryKey: oauthAppKeys.authorized(slug), queryFn: ({ signal }) => getAuthorizedApps(slug, signal) });
}
