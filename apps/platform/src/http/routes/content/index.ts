import type { FastifyInstance } from 'fastify';
import { PlinthError } from '@plinth/errors';
import * as content from '../../../control/content.ts';
import type { ControlContext } from '../../../control/context.ts';
import * as reports from '../../../control/custom-reports.ts';
import { titleForSql } from '../../../control/sql-title.ts';
import { exportTableCsv } from '../../../control/table-export.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Saved SQL snippets and log queries, custom reports, table export and the local title generator: all signed-in routes. */
export function contentRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const define = endpointRegistrar(app, verifier);

  define('contentList', ({ actor, params, query }) => content.listSnippets(ctx, actor, params.ref, query));
  define('contentItem', ({ actor, params }) => content.getSnippet(ctx, actor, params.ref, params.id));
  define('contentUpsert', ({ actor, params, body }) => content.upsertSnippet(ctx, actor, params.ref, body));
  define('contentPatch', ({ actor, params, query, body }) => content.patchSnippet(ctx, actor, params.ref, query.id, body));
  define('contentDelete', async ({ actor, params, query }) => {
    const ids = query.id.split(',').map((id) => id.trim()).filter(Boolean);
    if (ids.length === 0 || !ids.every((id) => UUID.test(id))) throw new PlinthError('validation_failed', 'id: expected comma-separated snippet ids');
    return { deleted: await content.deleteSnippets(ctx, actor, params.ref, ids) };
  });
  define('customReportsList', ({ actor, params }) => reports.listReports(ctx, actor, params.ref));
  define('customReportUpsert', ({ actor, params, body }) => reports.upsertReport(ctx, actor, params.ref, body));
  define('customReportDelete', ({ actor, params }) => reports.deleteReport(ctx, actor, params.ref, params.id));
  define('tableExportCsv', async ({ actor, params, reply }) => {
    const { filename, stream } = await exportTableCsv(ctx, actor, params.ref, params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .send(stream);
  });
  define('sqlTitle', async ({ body }) => titleForSql(body.sql));
}
