import * as m from '@plinth/pg-meta';
import { Resource } from '@plinth/permissions';
import type { PgMetaKit } from './index.ts';

const qualifiedName = (x: { schema: string; name: string }) => `${x.schema}.${x.name}`;

/** Views, materialized views and foreign tables. */
export function relationRoutes({ define, read, change, paged }: PgMetaKit): void {
  const T = Resource.TABLES;

  define('pgMetaViews', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listViews(db, query))));
  define('pgMetaView', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getView(db, params.id)));
  define('pgMetaViewCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.view.create', run: (tx) => m.createView(tx, body), target: qualifiedName }));
  define('pgMetaViewUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.view.update', run: (tx) => m.updateView(tx, params.id, body), target: qualifiedName }));
  define('pgMetaViewDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.view.delete', run: (tx) => m.deleteView(tx, params.id, query), target: qualifiedName }));

  define('pgMetaMaterializedViews', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listMaterializedViews(db, query))));
  define('pgMetaMaterializedView', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getMaterializedView(db, params.id)));
  define('pgMetaMaterializedViewCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.materialized_view.create', run: (tx) => m.createMaterializedView(tx, body), target: qualifiedName }));
  define('pgMetaMaterializedViewUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.materialized_view.update', run: (tx) => m.updateMaterializedView(tx, params.id, body), target: qualifiedName }));
  define('pgMetaMaterializedViewRefresh', ({ actor, params }) => change(actor, params.ref, { resource: T, action: 'pg_meta.materialized_view.refresh', run: (tx) => m.refreshMaterializedView(tx, params.id), target: qualifiedName }));
  define('pgMetaMaterializedViewDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.materialized_view.delete', run: (tx) => m.deleteMaterializedView(tx, params.id, query), target: qualifiedName }));

  define('pgMetaForeignTables', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listForeignTables(db, query))));
  define('pgMetaForeignTable', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getForeignTable(db, params.id)));
  define('pgMetaForeignTableDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.foreign_table.delete', run: (tx) => m.deleteForeignTable(tx, params.id, query), target: qualifiedName }));
}
