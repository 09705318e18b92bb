import * as m from '@plinth/pg-meta';
import { Resource } from '@plinth/permissions';
import { cancelSql, runSql, sqlLimits } from '../../../control/database-management.ts';
import type { PgMetaKit } from './index.ts';

/** The migration history and the SQL editor's query endpoint. */
export function sqlRoutes({ define, ctx, read }: PgMetaKit): void {
  define('pgMetaMigrations', ({ actor, params }) => read(actor, params.ref, Resource.SQL, (db) => m.listMigrations(db)));
  define('pgMetaQuery', async ({ actor, params, body, reply }) => {
    const results = await runSql(ctx, actor, params.ref, body.query, {
      queryId: body.query_id,
      statementTimeoutMs: body.statement_timeout_ms,
      maxRows: body.max_rows,
    });
    if (body.results === 'all') return { results };
    const last = results.at(-1);
    if (last?.truncated) reply.header('x-result-truncated', 'true');
    return last?.rows ?? [];
  });
  define('pgMetaQueryLimits', ({ actor, params }) => sqlLimits(ctx, actor, params.ref));
  define('pgMetaQueryCancel', async ({ actor, params, body }) => ({ cancelled: await cancelSql(ctx, actor, params.ref, body.query_id) }));
}
