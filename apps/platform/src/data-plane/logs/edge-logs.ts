/**
 * edge_logs: one entry per data-plane request, shaped like Supabase's edge logs (as objects where
 * Supabase's BigQuery rows have one-element arrays), so the explorer's SQL templates carry over:
 * metadata.request {method, path, search, headers {...}}, metadata.response {status_code,
 * origin_time, bytes}, plus the role the request ran as and the project. `bytes` (the body bytes
 * sent: egress) is Plinth's addition for the bandwidth reports. Headers are an allow-list: keys
 * and tokens are never picked up, and the writer's redaction covers the query string.
 */
import type { LogWriter } from './log-writer.ts';

export interface EdgeRequest {
  projectRef: string;
  method: string;
  /** Path inside the project without the query string, e.g. /rest/v1/todos. */
  path: string;
  /** The query string without `?` ('' when none); secret-named values are redacted on the way in. */
  search: string;
  headers: Record<string, string | string[] | undefined>;
  /** The client's address as the server sees it. */
  remoteAddress: string;
  status: number;
  /** Time the platform took to answer, in ms. */
  originTimeMs: number;
  /** Body bytes sent (0 for HEAD, 204, 304); the gateway always knows it (benchmarks' synthetic entries may leave it out). */
  bytes?: number;
  /** The database role the request ran as, once known. */
  role: string | null;
}

/** Request headers kept, by their name in Supabase's edge logs (lower-case, `_` for `-`). */
const KEPT_HEADERS: [header: string, field: string][] = [
  ['accept', 'accept'],
  ['content-type', 'content_type'],
  ['content-length', 'content_length'],
  ['prefer', 'prefer'],
  ['range', 'range'],
  ['referer', 'referer'],
  ['user-agent', 'user_agent'],
  ['x-client-info', 'x_client_info'],
];

export function writeEdgeLog(logs: LogWriter, request: EdgeRequest): void {
  const headers: Record<string, string> = { x_real_ip: request.remoteAddress };
  for (const [header, field] of KEPT_HEADERS) {
    const value = request.headers[header];
    if (value !== undefined) headers[field] = Array.isArray(value) ? value.join(', ') : value;
  }
  logs.write('edge_logs', request.projectRef, `${request.method} ${request.path} ${request.status}`, {
    project_ref: request.projectRef,
    role: request.role,
    request: {
      method: request.method,
      path: request.path,
      search: request.search === '' ? '' : `?${request.search}`,
      headers,
    },
    response: {
      status_code: request.status,
      origin_time: Math.round(request.originTimeMs * 100) / 100,
      bytes: request.bytes,
    },
  });
}
