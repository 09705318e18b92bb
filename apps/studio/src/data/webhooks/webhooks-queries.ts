import { useQuery } from '@tanstack/react-query';
import type { WebhooksStatus } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { querySql } from '../sql/execute-sql.ts';
import { webhooksKeys } from './keys.ts';
import { eventsOf, listDeliveriesSql, listHooksSql, triggerArgs, type HookDefinition } from './webhooks-sql.ts';

export interface Hook extends HookDefinition {
  id: string;
  tableId: number;
}

export interface Delivery {
  id: string;
  status_code: number | null;
  timed_out: boolean | null;
  error_msg: string | null;
  created: string;
  hook_name: string | null;
  hook_table_id: number | null;
}

/** Deliveries arrive by themselves (the platform sends them): the page reads them again every few seconds. */
const REFRESH_MS = 3_000;

/** GET .../hooks: whether the project has enabled webhooks. */
export function useWebhooksStatusQuery(ref: string | undefined) {
  return useQuery({
    queryKey: webhooksKeys.status(ref),
    queryFn: ({ signal }) => api.get<WebhooksStatus>(`/projects/${encodeURIComponent(ref ?? '')}/hooks`, { signal }),
    enabled: !!ref,
  });
}

function objectArg(text: string | undefined): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? v : JSON.stringify(v)]));
  } catch {
    return {};
  }
}

export async function getHooks(ref: string, signal?: AbortSignal): Promise<Hook[]> {
  const rows = await querySql<{ id: string; name: string; schema: string; table: string; table_id: number; tgtype: number; args: string }>(ref, listHooksSql, signal);
  return rows.map((row) => {
    const [url = '', method = 'POST', headers, params, timeout] = triggerArgs(row.args);
    return {
      id: row.id, name: row.name, schema: row.schema, table: row.table, tableId: row.table_id,
      events: eventsOf(row.tgtype),
      method: method === 'GET' ? 'GET' : 'POST',
      url,
      headers: objectArg(headers),
      params: objectArg(params),
      timeoutMs: Number(timeout) || 1000,
    };
  });
}

export function useHooksQuery(ref: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: webhooksKeys.hooks(ref),
    queryFn: ({ signal }) => getHooks(ref as string, signal),
    enabled: !!ref && enabled,
  });
}

export function useDeliveriesQuery(ref: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: webhooksKeys.deliveries(ref),
    queryFn: ({ signal }) => querySql<Delivery>(ref as string, listDeliveriesSql, signal),
    enabled: !!ref && enabled,
    refetchInterval: REFRESH_MS,
  });
}
