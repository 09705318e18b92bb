import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

/** GET /platform/integrations/{slug}: the organisation's Git integration with its project connections. */
export function getOrganizationIntegrations(slug: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'integrations'>>(`/integrations/${encodeURIComponent(slug)}`, { signal });
}

export function useOrganizationIntegrationsQuery(slug: string | undefined) {
  return useQuery({ queryKey: gitKeys.integrations(slug), queryFn: ({ signal }) => getOrganizationIntegrations(slug ?? '', signal), enabled: !!slug });
}
