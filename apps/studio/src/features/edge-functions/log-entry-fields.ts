/**
 * The fields the Invocations and Logs tabs show, read from a log entry's metadata in Supabase's
 * shapes (function_edge_logs: request.method, response.status_code, execution_time_ms;
 * function_logs: level). Logflare nests records in one-element arrays; both forms are read.
 */
import type { FunctionLogEntry } from '@plinth/api-contract';

type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single && typeof single === 'object' ? (single as Json) : undefined;
}

function numberOf(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

export interface Invocation {
  id: string;
  timestamp: string;
  method: string | null;
  status: number | null;
  durationMs: number | null;
  /** The path and query after the function's URL ("/" for the URL itself), when the entry has the request URL. */
  path: string | null;
}

export function invocationOf(entry: FunctionLogEntry): Invocation {
  const request = record(entry.metadata.request);
  const response = record(entry.metadata.response);
  const url = typeof request?.url === 'string' ? request.url : null;
  let path: string | null = null;
  if (url) {
    try {
      const parsed = new URL(url, location.origin);
      path = parsed.pathname + parsed.search;
    } catch {
      path = url;
    }
    // What came after the function's own URL ("/" for the function itself).
    const after = /\/functions\/v1\/[^/?]+(.*)$/.exec(path);
    if (after) path = after[1].startsWith('/') ? after[1] : `/${after[1]}`;
  }
  return {
    id: entry.id,
    timestamp: entry.timestamp,
    method: typeof request?.method === 'string' ? request.method : null,
    status: numberOf(response?.status_code),
    durationMs: numberOf(entry.metadata.execution_time_ms),
    path,
  };
}

export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

export function statusTone(status: number | null): StatusTone {
  if (status === null) return 'neutral';
  if (status >= 500) return 'danger';
  if (status >= 400) return 'warning';
  return 'success';
}

export type LogLevel = 'error' | 'warning' | 'info' | 'debug' | 'log';

/** console.error -> error, console.warn -> warning, console.info -> info, console.debug -> debug, console.log -> log. */
export function logLevelOf(entry: FunctionLogEntry): LogLevel {
  const raw = String(entry.metadata.level ?? '').toLowerCase();
  if (raw === 'error' || raw === 'fatal') return 'error';
  if (raw === 'warn' || raw === 'warning') return 'warning';
  if (raw === 'info') return 'info';
  if (raw === 'debug') return 'debug';
  return 'log';
}
