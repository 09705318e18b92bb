/**
 * A call to the Management API (`/api/v1/...`) with the studio's session. The secrets endpoints are
 * scoped v1 endpoints, served only under /api/v1, and two of them carry a JSON body (POST, and
 * DELETE with the names), which the shared client's /api/platform prefix and `apiRootJson` do not
 * cover. Errors are the same ApiError the rest of the studio shows.
 */
import { apiUrl, authorizedFetch } from '../content/api-root.ts';

export async function managementRequest<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await authorizedFetch(apiUrl(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function secretsPath(ref: string): string {
  return `/v1/projects/${encodeURIComponent(ref)}/secrets`;
}
