import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { orgIntegrationKeys } from './keys.ts';

/** How often the log is read again while a delivery is still pending or being retried. */
const PENDING_REFETCH_MS = 1500;

export function getOrgWebhookDeliveries(slug: string, id: number, signal?: AbortSignal) {
  return api.get<ResponseOf<'orgWebhookDeliveries'>>(`/organizations/${encodeURIComponent(slug)}/webhooks/${id}/deliveries`, { signal });
}

export function useOrgWebhookDeliveriesQuery(slug: string | undefined, id: number) {
  return useQuery({
    queryKey: orgIntegrationKeys.deliveries(slug, id),
    queryFn: ({ signal }) => getOrgWebhookDeliveries(slug ?? '', id, signal),
    enabled: !!slug,
    // Deliveries finish in the background (the job queue): keep reading until none is in flight.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending' || d.status === 'retrying') ? PENDING_REFETCH_MS : false),
  });
}
