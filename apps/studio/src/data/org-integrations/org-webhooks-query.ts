import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { orgIntegrationKeys } from './keys.ts';

export function getOrgWebhooks(slug: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'orgWebhooks'>>(`/organizations/${encodeURIComponent(slug)}/webhooks`, { signal });
}

export function useOrgWebhooksQuery(slug: string | undefined) {
  return useQuery({ queryKey: orgIntegrationKeys.webhooks(slug), queryFn: ({ signal }) => getOrgWebhooks(slug ?? '', signal), enabled: !!slug });
}
