import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Subscription } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { organizationKeys } from '../organizations/keys.ts';
import { billingKeys } from './keys.ts';

export function updateSubscription(slug: string, body: BodyOf<'organizationSubscriptionUpdate'>): Promise<Subscription> {
  return apiRequest<Subscription>('PUT', `/organizations/${encodeURIComponent(slug)}/billing/subscription`, { body });
}

export function useSubscriptionUpdateMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'organizationSubscriptionUpdate'>) => updateSubscription(slug, body),
    onSuccess: async (subscription) => {
      queryClient.setQueryData(billingKeys.subscription(slug), subscription);
      // The plan is part of the organisation (roles, limits, upgrade prompts) and of every project's add-ons and settings.
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
