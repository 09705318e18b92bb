import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { orgIntegrationKeys } from './keys.ts';

export function createOrgWebhook(slug: string, body: BodyOf<'orgWebhookCreate'>) {
  return api.post<ResponseOf<'orgWebhookCreate'>>(`/organizations/${encodeURIComponent(slug)}/webhooks`, body);
}

export function useOrgWebhookCreateMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'orgWebhookCreate'>) => createOrgWebhook(slug, body),
    // The list gains the endpoint (its secret is only in this response).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgIntegrationKeys.webhooks(slug) }),
  });
}
