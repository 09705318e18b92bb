import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { gitKeys } from './keys.ts';

/** The repository's push webhook URL and secret (owners and administrators). */
export function getGitWebhookSecret(slug: string, id: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'gitRepositoryWebhookSecret'>>(`/organizations/${encodeURIComponent(slug)}/git-repositories/${encodeURIComponent(id)}/webhook-secret`, { signal });
}

/** Read while its dialog is open only, and not kept once it closes: it is a secret. */
export function useGitWebhookSecretQuery(slug: string, id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: gitKeys.webhookSecret(slug, id),
    queryFn: ({ signal }) => getGitWebhookSecret(slug, id ?? '', signal),
    enabled: enabled && !!id,
    gcTime: 0,
  });
}
