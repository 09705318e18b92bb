import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Subscription } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { billingKeys } from './keys.ts';

export function updatePaymentMethod(slug: string, body: BodyOf<'organizationPaymentMethodUpdate'>): Promise<Subscription> {
  return apiRequest<Subscription>('PUT', `/organizations/${encodeURIComponent(slug)}/billing/payment-method`, { body });
}

export function usePaymentMethodMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'organizationPaymentMethodUpdate'>) => updatePaymentMethod(slug, body),
    // The answer is the whole subscription, payment method included.
    onSuccess: (subscription) => queryClient.setQueryData(billingKeys.subscription(slug), subscription),
  });
}
