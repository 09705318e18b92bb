import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { orgIntegrationKeys } from './keys.ts';

export function deleteOrgWebhook(slug: string, id: number) {
  return api.delete(`/organizations/${encodeURIComponent(slug)}/webhooks/${id}`);
}

export function useOrgWebhookDeleteMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteOrgWebhook(slug, id),
    // The endpoint and its delivery log are gone.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgIntegrationKeys.webhooks(slug) }),
  });
}
