import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { invoiceDocument, listInvoices } from '../../../control/metering/invoices.ts';
import { organizationDailyUsage } from '../../../control/usage.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

/** Organisation > Usage (the daily series; the cycle's totals are organizationUsage) and Invoices. */
export function usageRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);
  define('organizationUsageDaily', ({ actor, params, query }) => organizationDailyUsage(ctx, actor, params.slug, query));
  define('organizationInvoices', ({ actor, params }) => listInvoices(ctx, actor, params.slug));
  define('organizationInvoicePdf', async ({ actor, params, reply }) => {
    const { filename, pdf } = await invoiceDocument(ctx, actor, params.slug, params.id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
  });
}
