import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';

export type InspectorTokenRequest = BodyOf<'realtimeInspectorToken'>;
export type InspectorToken = ResponseOf<'realtimeInspectorToken'>;

/**
 * POST /projects/{ref}/realtime/inspector-token: a JWT (one hour) to listen as a role or as one of
 * the project's users. Never cached: the inspector asks again when it joins and before it expires,
 * so it is a plain request rather than a query.
 */
export function createInspectorToken(ref: string, body: InspectorTokenRequest, signal?: AbortSignal) {
  return apiRequest<InspectorToken>('POST', `/projects/${encodeURIComponent(ref)}/realtime/inspector-token`, { body, signal });
}
