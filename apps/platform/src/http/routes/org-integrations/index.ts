import type { FastifyInstance } from 'fastify';
import { exportOrganizationAudit } from '../../../control/audit-retention.ts';
import type { ControlContext } from '../../../control/context.ts';
import { listLegalDocuments, openLegalDocument } from '../../../control/legal-documents.ts';
import * as webhooks from '../../../control/org-webhooks/index.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** An organisation's webhooks, the operator's legal documents, and the audit export: signed-in routes. */
export function orgIntegrationRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('orgWebhooks', ({ actor, params }) => webhooks.listOrgWebhooks(ctx, actor, params.slug));
  define('orgWebhookCreate', ({ actor, params, body, reply }) => (reply.code(201), webhooks.createOrgWebhook(ctx, actor, params.slug, body)));
  define('orgWebhookDelete', async ({ actor, params }) => {
    await webhooks.deleteOrgWebhook(ctx, actor, params.slug, params.id);
    return { message: 'Webhook removed' };
  });
  define('orgWebhookTest', ({ actor, params, reply }) => (reply.code(202), webhooks.testOrgWebhook(ctx, actor, params.slug, params.id)));
  define('orgWebhookDeliveries', ({ actor, params }) => webhooks.listOrgWebhookDeliveries(ctx, actor, params.slug, params.id));

  define('legalDocuments', ({ actor, params }) => listLegalDocuments(ctx, actor, params.slug));
  define('legalDocumentDownload', async ({ actor, params, reply }) => {
    const document = await openLegalDocument(ctx, actor, params.slug, params.name);
    return reply.type(document.mediaType).header('content-length', document.size).header('content-disposition', attachment(document.fileName)).send(document.stream);
  });

  define('organizationAuditExport', async ({ actor, params, query, reply }) => {
    const file = await exportOrganizationAudit(ctx, actor, params.slug, query);
    return reply.type(file.contentType).header('content-disposition', attachment(file.fileName)).send(file.stream);
  });
}

/** A Content-Disposition naming the file, safe for any name (RFC 6266 filename*). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
