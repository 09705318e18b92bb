/**
 * Calls outside `/api/platform`: the spec names the snippet list and delete as
 * `/api/projects/{ref}/content` and the generated types as `/api/v1/...`; the platform answers both
 * forms, and using the spec's form keeps the studio honest about it. Errors become the same
 * ApiError the shared client throws.
 */
import { ApiError } from '../../lib/api.ts';
import { getAccessToken } from '../../lib/auth.ts';

type Query = Record<string, string | number | boolean | undefined>;

export function apiUrl(path: string, query: Query = {}): string {
  const url = new URL(`/api${path}`, location.origin);
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  return url.pathname + url.search;
}

/** fetch with the session's Bearer token; the caller reads the body (JSON or a stream). */
export async function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const token = await getAccessToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network_error', 'Could not reach the Plinth server. Check your connection and try again.', 0);
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

export async function errorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const code = 'code' in body && typeof body.code === 'string' ? body.code : `http_${response.status}`;
    return new ApiError(code, body.message, response.status, 'details' in body ? body.details : undefined);
  }
  return new ApiError(`http_${response.status}`, `The server answered ${response.status} ${response.statusText}`.trim(), response.status);
}

export async function apiRootJson<T>(method: 'GET' | 'DELETE', path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  const response = await authorizedFetch(apiUrl(path, query), { method, headers: { Accept: 'application/json' }, signal });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
