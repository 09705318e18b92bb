import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { billingKeys } from './keys.ts';

export function getSubscription(slug: string, signal?: AbortSignal): Promise<Subscription> {
  return api.get<Subscription>(`/organizations/${encodeURIComponent(slug)}/billing/subscription`, { signal });
}

export function useSubscriptionQuery(slug: string | undefined) {
  return useQuery({ queryKey: billingKeys.subscription(slug), queryFn: ({ signal }) => getSubscription(slug ?? '', signal), enabled: !!slug });
}
