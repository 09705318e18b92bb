import { useQuery } from '@tanstack/react-query';
import { api, ApiError, isApiError } from '../../lib/api.ts';
import { apiDocsKeys } from './keys.ts';
import { parseOpenApi, type DocsSource } from './openapi.ts';

/**
 * The project's OpenAPI document, read straight from its REST API (`/p/{ref}/rest/v1/`) with an
 * API key, as PostgREST serves it. Used while the platform has no `/projects/{ref}/api/rest` proxy.
 */
async function fetchFromRestApi(ref: string, apiKey: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(`${location.origin}/p/${encodeURIComponent(ref)}/rest/v1/`, {
    headers: { apikey: apiKey, Authorization: `Bearer ${apiKey}`, Accept: 'application/openapi+json, application/json' },
    signal,
  });
  const type = response.headers.get('content-type') ?? '';
  // Before the data plane answers, the studio's own page comes back for unknown paths.
  if (!type.includes('json')) throw new ApiError('rest_unavailable', "The project's REST API is not available.", response.status);
  const body: unknown = await response.json();
  if (!response.ok) {
    const message = typeof body === 'object' && body && 'message' in body && typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    throw new ApiError(`http_${response.status}`, message, response.status);
  }
  return body;
}

// Once the platform says the proxy route does not exist, ask the REST API directly for the rest of the visit.
let isProxyMissing = false;

/** Spec §7: GET /projects/{ref}/api/rest, falling back to the REST API itself when that route is missing. */
export async function getProjectOpenApi(ref: string, apiKey: string, signal?: AbortSignal): Promise<DocsSource> {
  if (!isProxyMissing) {
    try {
      return parseOpenApi(await api.get<unknown>(`/projects/${encodeURIComponent(ref)}/api/rest`, { signal }));
    } catch (error) {
      if (!isApiError(error) || error.code !== 'route_not_found') throw error;
      isProxyMissing = true;
    }
  }
  return parseOpenApi(await fetchFromRestApi(ref, apiKey, signal));
}

/** `apiKey`: the service key when the member may read it (everything exposed), else the anon key. */
export function useProjectOpenApiQuery(ref: string | undefined, apiKey: string | undefined) {
  return useQuery({
    queryKey: apiDocsKeys.openApi(ref, apiKey?.slice(-12) ?? ''),
    queryFn: ({ signal }) => getProjectOpenApi(ref ?? '', apiKey ?? '', signal),
    enabled: !!ref && !!apiKey,
  });
}
