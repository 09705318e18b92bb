/**
 * storage_logs: one entry per request to a project's /storage/v1, as storage-api logs them: the
 * request (method, path without its query, which may hold a signed token), status, duration, the
 * role it ran as, and the error it failed with; for the storage report's bandwidth and cache hits,
 * the body bytes sent (`bytes_sent`) and whether the client's cached copy was still current
 * (`cache_hit`: answered 304 Not Modified to If-None-Match / If-Modified-Since, so no bytes went
 * out). Bodies and tokens never reach it.
 */
import type { LogWriter } from './log-writer.ts';

export interface StorageRequest {
  projectRef: string;
  method: string;
  /** Path inside /storage/v1 without the query string, e.g. /object/avatars/a.png. */
  path: string;
  status: number;
  durationMs: number;
  /** Body bytes sent (0 for HEAD and 304). */
  bytesSent: number;
  role: string | null;
  error: { code: string; message: string } | null;
}

export function writeStorageLog(logs: LogWriter, request: StorageRequest): void {
  const level = request.status >= 500 ? 'error' : request.status >= 400 ? 'warning' : 'info';
  const line = `${request.method} ${request.path} ${request.status}`;
  logs.write('storage_logs', request.projectRef, request.error ? `${line} ${request.error.code}: ${request.error.message}` : line, {
    level,
    method: request.method,
    path: request.path,
    status: request.status,
    duration: Math.round(request.durationMs * 100) / 100,
    bytes_sent: request.bytesSent,
    cache_hit: request.status === 304,
    role: request.role,
    ...(request.error && { error_code: request.error.code, error: request.error.message }),
  });
}
