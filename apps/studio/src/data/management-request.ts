/**
 * A call to the Management API (`/api/v1/...`) with the studio's session. Scoped v1 endpoints (edge
 * functions, their secrets) are served only under /api/v1, and some carry a JSON body (PATCH, POST,
 * DELETE with names), which the shared client's /api/platform prefix and `apiRootJson` do not cover.
 * Errors are the same ApiError the rest of the studio shows.
 */
import { apiUrl, authorizedFetch } from './content/api-root.ts';

export async function managementRequest<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, options: { body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
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
