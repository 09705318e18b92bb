import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { orgIntegrationKeys } from './keys.ts';

export function testOrgWebhook(slug: string, id: number) {
  return api.post<ResponseOf<'orgWebhookTest'>>(`/organizations/${encodeURIComponent(slug)}/webhooks/${id}/test`);
}

export function useOrgWebhookTestMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => testOrgWebhook(slug, id),
    // The log shows the new pending delivery, and keeps reading until it is done.
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: orgIntegrationKeys.deliveries(slug, id) }),
  });
}
