import * as m from '@plinth/pg-meta';
import { Resource } from '@plinth/permissions';
import { runSql } from '../../../control/database-management.ts';
import type { PgMetaKit } from './index.ts';

/** The migration history and the SQL editor's query endpoint. */
export function sqlRoutes({ define, ctx, read }: PgMetaKit): void {
  define('pgMetaMigrations', ({ actor, params }) => read(actor, params.ref, Resource.SQL, (db) => m.listMigrations(db)));
  define('pgMetaQuery', ({ actor, params, body }) => runSql(ctx, actor, params.ref, body.query));
}
