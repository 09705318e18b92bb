import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

export function rotateGitWebhookSecret(slug: string, id: string) {
  return api.post<ResponseOf<'gitRepositoryWebhookSecretRotate'>>(`/organizations/${encodeURIComponent(slug)}/git-repositories/${encodeURIComponent(id)}/webhook-secret`);
}

export function useGitWebhookSecretRotateMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rotateGitWebhookSecret(slug, id),
    // The answer is the new secret: the open dialog shows it without reading it again.
    onSuccess: (result, id) => queryClient.setQueryData(gitKeys.webhookSecret(slug, id), result),
  });
}
