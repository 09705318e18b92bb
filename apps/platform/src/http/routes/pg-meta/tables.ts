import * as m from '@plinth/pg-meta';
import { Resource } from '@plinth/permissions';
import type { PgMetaKit } from './index.ts';

const qualifiedName = (x: { schema: string; name: string }) => `${x.schema}.${x.name}`;

/** Schemas, tables, the table editor's entity list, columns and foreign keys. */
export function tableRoutes({ define, read, change, paged }: PgMetaKit): void {
  const T = Resource.TABLES;

  // x-connection-encrypted is accepted and ignored: the server knows which database the project has.
  define('pgMetaSchemas', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listSchemas(db, query))));
  define('pgMetaSchema', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getSchema(db, params.id)));
  define('pgMetaSchemaCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.schema.create', run: (tx) => m.createSchema(tx, body), target: (s) => s.name }));
  define('pgMetaSchemaUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.schema.update', run: (tx) => m.updateSchema(tx, params.id, body), target: (s) => s.name }));
  define('pgMetaSchemaDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.schema.delete', run: (tx) => m.deleteSchema(tx, params.id, query), target: (s) => s.name }));

  define('pgMetaTables', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listTables(db, query))));
  define('pgMetaPartitionedTables', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listTables(db, query, 'p'))));
  define('pgMetaTable', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getTable(db, params.id)));
  define('pgMetaTableCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.table.create', run: (tx) => m.createTable(tx, body), target: qualifiedName }));
  define('pgMetaTableUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.table.update', run: (tx) => m.updateTable(tx, params.id, body), target: qualifiedName }));
  define('pgMetaTableDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.table.delete', run: (tx) => m.deleteTable(tx, params.id, query), target: qualifiedName }));
  define('pgMetaEntities', ({ actor, params, query }) => read(actor, params.ref, T, (db) => m.listEntities(db, query)));

  const column = (c: m.Column) => `${c.schema}.${c.table}.${c.name}`;
  define('pgMetaColumns', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listColumns(db, query))));
  define('pgMetaColumn', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getColumn(db, params.id)));
  define('pgMetaColumnCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.column.create', run: (tx) => m.createColumn(tx, body), target: column }));
  define('pgMetaColumnUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.column.update', run: (tx) => m.updateColumn(tx, params.id, body), target: column }));
  define('pgMetaColumnDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.column.delete', run: (tx) => m.deleteColumn(tx, params.id, query), target: column }));

  const fk = (r: m.Relationship[]) => `${r[0].source_schema}.${r[0].source_table_name}.${r[0].constraint_name}`;
  define('pgMetaForeignKey', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getForeignKey(db, params.id)));
  define('pgMetaForeignKeyCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.foreign_key.create', run: (tx) => m.createForeignKey(tx, body), target: fk }));
  define('pgMetaForeignKeyDelete', ({ actor, params }) => change(actor, params.ref, { resource: T, action: 'pg_meta.foreign_key.delete', run: (tx) => m.deleteForeignKey(tx, params.id), target: fk }));
}
