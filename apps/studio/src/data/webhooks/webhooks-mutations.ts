import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhooksStatus } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { executeSql } from '../sql/execute-sql.ts';
import { webhooksKeys } from './keys.ts';
import { dropHookSql, saveHookSql, type HookDefinition } from './webhooks-sql.ts';

/** Every change is followed by a fresh read of the page's hooks and deliveries. */
function useWebhooksMutation<T>(ref: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all(ref) }),
  });
}

/** POST .../hooks/enable: installs net and supabase_functions and starts sending the project's requests. */
export function useEnableWebhooksMutation(ref: string) {
  return useWebhooksMutation<void>(ref, () => api.post<WebhooksStatus>(`/projects/${encodeURIComponent(ref)}/hooks/enable`));
}

export function useSaveHookMutation(ref: string) {
  return useWebhooksMutation<{ hook: HookDefinition; previous?: { name: string; schema: string; table: string } }>(ref, ({ hook, previous }) =>
    executeSql(ref, saveHookSql(hook, previous)));
}

export function useDeleteHookMutation(ref: string) {
  return useWebhooksMutation<{ name: string; schema: string; table: string }>(ref, (hook) => executeSql(ref, dropHookSql(hook)));
}
