import { z } from 'zod';
import { okSchema, slugSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/** Organisation events a webhook endpoint can subscribe to (the `event` field of each delivery). */
export const ORG_WEBHOOK_EVENTS = [
  'project.created',
  'project.deleted',
  'project.paused',
  'project.restored',
  'project.upgraded',
  'member.invited',
  'member.removed',
  'member.role_changed',
  'plan.changed',
] as const;
export const orgWebhookEventSchema = z.enum(ORG_WEBHOOK_EVENTS);
export type OrgWebhookEvent = z.infer<typeof orgWebhookEventSchema>;
/** A delivery sent by the "Send test" button, whatever the endpoint subscribed to. */
export const ORG_WEBHOOK_TEST_EVENT = 'webhook.test';

/** Each request carries `X-Plinth-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{body}">`. */
export const ORG_WEBHOOK_SIGNATURE_HEADER = 'x-plinth-signature';
export const ORG_WEBHOOK_TIMESTAMP_HEADER = 'x-plinth-timestamp';

export const orgWebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(orgWebhookEventSchema),
  created_at: z.string(),
});
export type OrgWebhook = z.infer<typeof orgWebhookSchema>;
/** The one response that carries the signing secret. */
export const orgWebhookCreatedSchema = orgWebhookSchema.extend({ secret: z.string() });

export const orgWebhookCreateBody = z.object({
  url: z
    .string()
    .trim()
    .url('Enter a full URL, e.g. https://example.com/hooks/plinth')
    .max(2000)
    .refine((value) => /^https?:\/\//i.test(value), 'The URL must start with http:// or https://'),
  events: z.array(orgWebhookEventSchema).min(1, 'Choose at least one event').max(ORG_WEBHOOK_EVENTS.length),
  /** Leave out to have one generated (shown once). */
  secret: z.string().min(16, 'The secret must be at least 16 characters').max(200).optional(),
});

export const orgWebhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  status: z.enum(['pending', 'retrying', 'succeeded', 'failed']),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});
export type OrgWebhookDelivery = z.infer<typeof orgWebhookDeliverySchema>;

export const legalDocumentSchema = z.object({
  /** The file name in the operator's legal directory, e.g. terms.md. */
  name: z.string(),
  title: z.string(),
  media_type: z.string(),
  size_bytes: z.number().int(),
  updated_at: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const auditExportQuery = z.object({
  format: z.enum(['csv', 'json']).default('csv'),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

const slugParams = z.object({ slug: slugSchema });
const webhookParams = z.object({ slug: slugSchema, id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const documentParams = z.object({ slug: slugSchema, name: z.string().max(200) });

/** Organisation integrations (webhooks), legal documents and the audit export. */
export const orgIntegrationEndpoints = {
  orgWebhooks: endpoint({ method: 'GET', path: '/organizations/:slug/webhooks', summary: "The organization's webhook endpoints (never their secrets)", params: slugParams, response: z.array(orgWebhookSchema) }),
  orgWebhookCreate: endpoint({ method: 'POST', path: '/organizations/:slug/webhooks', summary: 'Add a webhook endpoint for organization events; the secret is shown only in this response', params: slugParams, body: orgWebhookCreateBody, response: orgWebhookCreatedSchema }),
  orgWebhookDelete: endpoint({ method: 'DELETE', path: '/organizations/:slug/webhooks/:id', summary: 'Remove a webhook endpoint and its delivery log', params: webhookParams, response: okSchema }),
  orgWebhookTest: endpoint({ method: 'POST', path: '/organizations/:slug/webhooks/:id/test', summary: 'Send a test event to a webhook endpoint', params: webhookParams, response: orgWebhookDeliverySchema }),
  orgWebhookDeliveries: endpoint({ method: 'GET', path: '/organizations/:slug/webhooks/:id/deliveries', summary: "A webhook endpoint's latest deliveries", params: webhookParams, response: z.array(orgWebhookDeliverySchema) }),
  legalDocuments: endpoint({ method: 'GET', path: '/organizations/:slug/documents', summary: "The operator's legal documents (terms, DPA, privacy)", params: slugParams, response: z.array(legalDocumentSchema) }),
  legalDocumentDownload: endpoint({ method: 'GET', path: '/organizations/:slug/documents/:name', summary: 'Download one legal document', params: documentParams, response: z.string(), responseMediaType: 'application/octet-stream' }),
  organizationAuditExport: endpoint({ method: 'GET', path: '/organizations/:slug/audit/export', summary: "The organization's audit trail in a time range, as CSV or JSON, within the plan's retention", params: slugParams, query: auditExportQuery, response: z.string(), responseMediaType: 'text/csv' }),
} as const satisfies Record<string, Endpoint>;
