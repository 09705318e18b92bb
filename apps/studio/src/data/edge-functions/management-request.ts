/**
 * The Management API endpoints of edge functions (`v1Function`, `v1FunctionUpdate`,
 * `v1FunctionDelete`) are served at /api/v1 only, where a session is accepted as well as an access
 * token; the shared client speaks /api/platform, so these go through the root client the generated
 * types use. Errors are the same ApiError.
 */
import { apiUrl, authorizedFetch } from '../content/api-root.ts';

export function functionPath(ref: string, slug: string): string {
  return `/v1/projects/${encodeURIComponent(ref)}/functions/${encodeURIComponent(slug)}`;
}

export async function managementRequest<T>(method: 'GET' | 'PATCH' | 'DELETE', path: string, options: { body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await authorizedFetch(apiUrl(path), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
