import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * A project's Realtime settings (the Management API's `config/realtime` names) and the realtime
 * inspector's token. Only `private_only` is set by members; the limits come from the plan.
 */
export const realtimeConfigSchema = z.object({
  /** Only private channels (authorised by RLS on realtime.messages) may be joined. */
  private_only: z.boolean(),
  /** Concurrent connections across the project's sockets (null: no limit on this plan). */
  max_concurrent_users: z.number().nullable(),
  /** Messages per month (broadcast, presence and Postgres changes delivered). */
  max_messages_per_month: z.number().nullable(),
  max_payload_size_in_kb: z.number().nullable(),
  /** Messages counted this month so far. */
  messages_this_month: z.number(),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;

export const realtimeConfigUpdateBody = z.object({ private_only: z.boolean() }).strict();

/** Whom the inspector listens as: a role, or a user of the project (role authenticated, that sub). */
export const realtimeInspectorTokenBody = z.object({
  role: z.enum(['anon', 'authenticated', 'service_role']),
  user_id: z.string().uuid().optional(),
}).strict();

export const realtimeInspectorTokenSchema = z.object({
  /** A short-lived JWT signed with the project's key, for realtime-js's setAuth(). */
  access_token: z.string(),
  /** The project's publishable (anon) key, for the socket's apikey. */
  apikey: z.string(),
  /** The project's API URL (`{public url}/p/{ref}`), what createClient() takes. */
  api_url: z.string(),
  expires_at: z.number(),
});
export type RealtimeInspectorToken = z.infer<typeof realtimeInspectorTokenSchema>;

const refParams = z.object({ ref: refSchema });

export const realtimeEndpoints = {
  realtimeConfig: endpoint({ method: 'GET', path: '/projects/:ref/config/realtime', summary: "The project's Realtime settings and limits", params: refParams, response: realtimeConfigSchema }),
  realtimeConfigUpdate: endpoint({
    method: 'PATCH', path: '/projects/:ref/config/realtime', summary: 'Change the Realtime settings (Owner and Administrator)', params: refParams, body: realtimeConfigUpdateBody, response: realtimeConfigSchema,
  }),
  v1RealtimeConfig: endpoint({ method: 'GET', path: '/projects/:ref/config/realtime', scope: 'projects:read', summary: "The project's Realtime settings", params: refParams, response: realtimeConfigSchema }),
  v1RealtimeConfigUpdate: endpoint({
    method: 'PATCH', path: '/projects/:ref/config/realtime', scope: 'projects:write', summary: "Change the project's Realtime settings", params: refParams, body: realtimeConfigUpdateBody, response: realtimeConfigSchema,
  }),
  realtimeInspectorToken: endpoint({
    method: 'POST', path: '/projects/:ref/realtime/inspector-token', summary: 'A short-lived token to inspect realtime as a role or user (members who may read the database)',
    params: refParams, body: realtimeInspectorTokenBody, response: realtimeInspectorTokenSchema,
  }),
} as const satisfies Record<string, Endpoint>;
