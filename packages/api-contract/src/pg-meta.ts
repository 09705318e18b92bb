import { z } from 'zod';
import * as m from '@plinth/pg-meta';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * Database management endpoints (/pg-meta/:ref/...), shaped like Supabase's postgres-meta. The
 * payload schemas live next to their SQL in @plinth/pg-meta, so the two cannot drift.
 *
 * Lists answer an array; when paged (limit/offset), the `x-total-count` response header carries
 * the number of matching rows. Deletes answer the deleted object. Postgres errors are 400
 * `database_error` with Postgres' message and `details.code` (SQLSTATE), `details.position`.
 */
const ref = z.object({ ref: refSchema });
const byId = z.object({ ref: refSchema, id: z.coerce.number().int().min(0) });
const byName = z.object({ ref: refSchema, name: z.string().min(1) });
const columnId = z.object({ ref: refSchema, id: z.string().regex(/^\d+\.\d+$/, 'A column id is {table_id}.{ordinal_position}.') });
const cascade = z.object({ cascade: m.flagSchema.optional() });

const list = <T extends z.ZodType>(item: T) => z.array(item);

export const queryBody = z.object({
  query: z.string().min(1, 'The query is empty.'),
  /** Lets POST /query/cancel stop this script. */
  query_id: z.string().uuid().optional(),
  statement_timeout_ms: z.number().int().min(100).max(3_600_000).optional(),
  /** Rows kept per statement; the server never keeps more than 100,000. */
  max_rows: z.number().int().min(1).max(100_000).optional(),
  /** 'all': every statement's result with fields; by default the rows of the last statement. */
  results: z.enum(['last', 'all']).optional(),
});
export const statementResultSchema = z.object({
  command: z.string(),
  fields: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.record(z.string(), z.unknown())),
  row_count: z.number().int(),
  truncated: z.boolean(),
});
export const policyPreviewBody = z.union([
  z.object({ id: z.number().int(), changes: m.policyUpdateBody }),
  m.policyCreateBody,
]);

export const pgMetaEndpoints = {
  pgMetaSchemas: endpoint({ method: 'GET', path: '/pg-meta/:ref/schemas', summary: 'Schemas. Accepts (and ignores) x-connection-encrypted: the server knows the project database, there is no connection string to decrypt', params: ref, query: m.listQuery, response: list(m.schemaSchema) }),
  pgMetaSchema: endpoint({ method: 'GET', path: '/pg-meta/:ref/schemas/:id', summary: 'One schema', params: byId, response: m.schemaSchema }),
  pgMetaSchemaCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/schemas', summary: 'Create a schema', params: ref, body: m.schemaCreateBody, response: m.schemaSchema }),
  pgMetaSchemaUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/schemas/:id', summary: 'Rename a schema or change its owner', params: byId, body: m.schemaUpdateBody, response: m.schemaSchema }),
  pgMetaSchemaDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/schemas/:id', summary: 'Drop a schema', params: byId, query: cascade, response: m.schemaSchema }),

  pgMetaTables: endpoint({ method: 'GET', path: '/pg-meta/:ref/tables', summary: 'Tables (and partitioned tables); columns and relationships only with include_columns', params: ref, query: m.tableListQuery, response: list(m.tableSchema) }),
  pgMetaTable: endpoint({ method: 'GET', path: '/pg-meta/:ref/tables/:id', summary: 'One table with columns, primary keys and relationships', params: byId, response: m.tableSchema }),
  pgMetaTableCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/tables', summary: 'Create a table (optionally with columns)', params: ref, body: m.tableCreateBody, response: m.tableSchema }),
  pgMetaTableUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/tables/:id', summary: 'Update a table; {rls_enabled} is the RLS toggle', params: byId, body: m.tableUpdateBody, response: m.tableSchema }),
  pgMetaTableDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/tables/:id', summary: 'Drop a table', params: byId, query: cascade, response: m.tableSchema }),
  pgMetaPartitionedTables: endpoint({ method: 'GET', path: '/pg-meta/:ref/partitioned-tables', summary: 'Partitioned tables', params: ref, query: m.tableListQuery, response: list(m.tableSchema) }),
  pgMetaEntities: endpoint({ method: 'GET', path: '/pg-meta/:ref/entities', summary: 'The table editor list: tables, views, materialized views, foreign and partitioned tables of a schema, with the count', params: ref, query: m.entityListQuery, response: m.entityPageSchema }),

  pgMetaColumns: endpoint({ method: 'GET', path: '/pg-meta/:ref/columns', summary: 'Columns (of one table with table_id)', params: ref, query: m.columnListQuery, response: list(m.columnSchema) }),
  pgMetaColumn: endpoint({ method: 'GET', path: '/pg-meta/:ref/columns/:id', summary: 'One column ({table_id}.{ordinal_position})', params: columnId, response: m.columnSchema }),
  pgMetaColumnCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/columns', summary: 'Add a column', params: ref, body: m.columnCreateBody, response: m.columnSchema }),
  pgMetaColumnUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/columns/:id', summary: 'Change a column', params: columnId, body: m.columnUpdateBody, response: m.columnSchema }),
  pgMetaColumnDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/columns/:id', summary: 'Drop a column', params: columnId, query: cascade, response: m.columnSchema }),

  pgMetaForeignKey: endpoint({ method: 'GET', path: '/pg-meta/:ref/foreign-keys/:id', summary: 'One foreign key (one row per column pair)', params: byId, response: list(m.relationshipSchema) }),
  pgMetaForeignKeyCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/foreign-keys', summary: 'Add a foreign key', params: ref, body: m.foreignKeyCreateBody, response: list(m.relationshipSchema) }),
  pgMetaForeignKeyDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/foreign-keys/:id', summary: 'Drop a foreign key', params: byId, response: list(m.relationshipSchema) }),

  pgMetaViews: endpoint({ method: 'GET', path: '/pg-meta/:ref/views', summary: 'Views', params: ref, query: m.relationListQuery, response: list(m.viewSchema) }),
  pgMetaView: endpoint({ method: 'GET', path: '/pg-meta/:ref/views/:id', summary: 'One view', params: byId, response: m.viewSchema }),
  pgMetaViewCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/views', summary: 'Create a view', params: ref, body: m.viewCreateBody, response: m.viewSchema }),
  pgMetaViewUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/views/:id', summary: 'Change a view', params: byId, body: m.viewUpdateBody, response: m.viewSchema }),
  pgMetaViewDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/views/:id', summary: 'Drop a view', params: byId, query: cascade, response: m.viewSchema }),

  pgMetaMaterializedViews: endpoint({ method: 'GET', path: '/pg-meta/:ref/materialized-views', summary: 'Materialized views', params: ref, query: m.relationListQuery, response: list(m.materializedViewSchema) }),
  pgMetaMaterializedView: endpoint({ method: 'GET', path: '/pg-meta/:ref/materialized-views/:id', summary: 'One materialized view', params: byId, response: m.materializedViewSchema }),
  pgMetaMaterializedViewCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/materialized-views', summary: 'Create a materialized view', params: ref, body: m.materializedViewCreateBody, response: m.materializedViewSchema }),
  pgMetaMaterializedViewUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/materialized-views/:id', summary: 'Rename, move or comment a materialized view', params: byId, body: m.materializedViewUpdateBody, response: m.materializedViewSchema }),
  pgMetaMaterializedViewRefresh: endpoint({ method: 'POST', path: '/pg-meta/:ref/materialized-views/:id/refresh', summary: 'Refresh a materialized view', params: byId, response: m.materializedViewSchema }),
  pgMetaMaterializedViewDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/materialized-views/:id', summary: 'Drop a materialized view', params: byId, query: cascade, response: m.materializedViewSchema }),

  pgMetaForeignTables: endpoint({ method: 'GET', path: '/pg-meta/:ref/foreign-tables', summary: 'Foreign tables', params: ref, query: m.relationListQuery, response: list(m.foreignTableSchema) }),
  pgMetaForeignTable: endpoint({ method: 'GET', path: '/pg-meta/:ref/foreign-tables/:id', summary: 'One foreign table', params: byId, response: m.foreignTableSchema }),
  pgMetaForeignTableDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/foreign-tables/:id', summary: 'Drop a foreign table', params: byId, query: cascade, response: m.foreignTableSchema }),

  pgMetaPolicies: endpoint({ method: 'GET', path: '/pg-meta/:ref/policies', summary: 'RLS policies', params: ref, query: m.policyListQuery, response: list(m.policySchema) }),
  pgMetaPolicy: endpoint({ method: 'GET', path: '/pg-meta/:ref/policies/:id', summary: 'One policy', params: byId, response: m.policySchema }),
  pgMetaPolicyCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/policies', summary: 'Create a policy (PERMISSIVE, to public without roles)', params: ref, body: m.policyCreateBody, response: m.policySchema }),
  pgMetaPolicyPreview: endpoint({ method: 'POST', path: '/pg-meta/:ref/policies/preview', summary: 'The exact SQL a create ({schema, table, name, ...}) or an edit ({id, changes}) would run; "" when nothing changed', params: ref, body: policyPreviewBody, response: z.object({ sql: z.string() }) }),
  pgMetaPolicyUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/policies/:id', summary: 'Edit a policy: only changed fields, in one transaction', params: byId, body: m.policyUpdateBody, response: m.policySchema }),
  pgMetaPolicyDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/policies/:id', summary: 'Drop a policy', params: byId, response: m.policySchema }),

  pgMetaRoles: endpoint({ method: 'GET', path: '/pg-meta/:ref/roles', summary: 'Database roles; exclude_system_roles=true gives the role choices', params: ref, query: m.roleListQuery, response: list(m.roleSchema) }),
  pgMetaRole: endpoint({ method: 'GET', path: '/pg-meta/:ref/roles/:id', summary: 'One role', params: byId, response: m.roleSchema }),
  pgMetaRoleCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/roles', summary: 'Create a role', params: ref, body: m.roleCreateBody, response: m.roleSchema }),
  pgMetaRoleUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/roles/:id', summary: 'Change a role', params: byId, body: m.roleUpdateBody, response: m.roleSchema }),
  pgMetaRoleDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/roles/:id', summary: 'Drop a role', params: byId, response: m.roleSchema }),

  pgMetaTriggers: endpoint({ method: 'GET', path: '/pg-meta/:ref/triggers', summary: 'Triggers', params: ref, query: m.triggerListQuery, response: list(m.triggerSchema) }),
  pgMetaTrigger: endpoint({ method: 'GET', path: '/pg-meta/:ref/triggers/:id', summary: 'One trigger', params: byId, response: m.triggerSchema }),
  pgMetaTriggerCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/triggers', summary: 'Create a trigger', params: ref, body: m.triggerCreateBody, response: m.triggerSchema }),
  pgMetaTriggerUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/triggers/:id', summary: 'Rename, enable or disable a trigger', params: byId, body: m.triggerUpdateBody, response: m.triggerSchema }),
  pgMetaTriggerDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/triggers/:id', summary: 'Drop a trigger', params: byId, query: cascade, response: m.triggerSchema }),

  pgMetaFunctions: endpoint({ method: 'GET', path: '/pg-meta/:ref/functions', summary: 'Functions', params: ref, query: m.functionListQuery, response: list(m.functionSchema) }),
  pgMetaFunction: endpoint({ method: 'GET', path: '/pg-meta/:ref/functions/:id', summary: 'One function', params: byId, response: m.functionSchema }),
  pgMetaFunctionCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/functions', summary: 'Create a function', params: ref, body: m.functionCreateBody, response: m.functionSchema }),
  pgMetaFunctionUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/functions/:id', summary: 'Change a function', params: byId, body: m.functionUpdateBody, response: m.functionSchema }),
  pgMetaFunctionDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/functions/:id', summary: 'Drop a function', params: byId, query: cascade, response: m.functionSchema }),

  pgMetaExtensions: endpoint({ method: 'GET', path: '/pg-meta/:ref/extensions', summary: 'Extensions, installed and available; is_loadable says whether this engine can load one', params: ref, query: m.extensionListQuery, response: list(m.extensionSchema) }),
  pgMetaExtension: endpoint({ method: 'GET', path: '/pg-meta/:ref/extensions/:name', summary: 'One extension', params: byName, response: m.extensionSchema }),
  pgMetaExtensionCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/extensions', summary: 'Enable an extension', params: ref, body: m.extensionCreateBody, response: m.extensionSchema }),
  pgMetaExtensionUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/extensions/:name', summary: 'Update or move an extension', params: byName, body: m.extensionUpdateBody, response: m.extensionSchema }),
  pgMetaExtensionDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/extensions/:name', summary: 'Disable an extension', params: byName, query: cascade, response: m.extensionSchema }),

  pgMetaPublications: endpoint({ method: 'GET', path: '/pg-meta/:ref/publications', summary: 'Publications with their tables', params: ref, response: list(m.publicationSchema) }),
  pgMetaPublication: endpoint({ method: 'GET', path: '/pg-meta/:ref/publications/:id', summary: 'One publication', params: byId, response: m.publicationSchema }),
  pgMetaPublicationCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/publications', summary: 'Create a publication', params: ref, body: m.publicationCreateBody, response: m.publicationSchema }),
  pgMetaPublicationUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/publications/:id', summary: 'Change operations or tables of a publication', params: byId, body: m.publicationUpdateBody, response: m.publicationSchema }),
  pgMetaPublicationDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/publications/:id', summary: 'Drop a publication', params: byId, response: m.publicationSchema }),

  pgMetaIndexes: endpoint({ method: 'GET', path: '/pg-meta/:ref/indexes', summary: 'Indexes', params: ref, query: m.indexListQuery, response: list(m.indexSchema) }),
  pgMetaIndex: endpoint({ method: 'GET', path: '/pg-meta/:ref/indexes/:id', summary: 'One index', params: byId, response: m.indexSchema }),
  pgMetaIndexCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/indexes', summary: 'Create an index', params: ref, body: m.indexCreateBody, response: m.indexSchema }),
  pgMetaIndexDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/indexes/:id', summary: 'Drop an index', params: byId, query: cascade, response: m.indexSchema }),

  pgMetaTypes: endpoint({ method: 'GET', path: '/pg-meta/:ref/types', summary: 'Enumerated (and composite) types', params: ref, query: m.listQuery, response: list(m.typeSchema) }),
  pgMetaType: endpoint({ method: 'GET', path: '/pg-meta/:ref/types/:id', summary: 'One type', params: byId, response: m.typeSchema }),
  pgMetaTypeCreate: endpoint({ method: 'POST', path: '/pg-meta/:ref/types', summary: 'Create an enum', params: ref, body: m.typeCreateBody, response: m.typeSchema }),
  pgMetaTypeUpdate: endpoint({ method: 'PATCH', path: '/pg-meta/:ref/types/:id', summary: 'Add or rename enum values; rename or move the type', params: byId, body: m.typeUpdateBody, response: m.typeSchema }),
  pgMetaTypeDelete: endpoint({ method: 'DELETE', path: '/pg-meta/:ref/types/:id', summary: 'Drop a type', params: byId, query: cascade, response: m.typeSchema }),

  pgMetaMigrations: endpoint({ method: 'GET', path: '/pg-meta/:ref/migrations', summary: 'The migration history (supabase_migrations.schema_migrations)', params: ref, response: list(m.migrationSchema) }),
  pgMetaQuery: endpoint({ method: 'POST', path: '/pg-meta/:ref/query', summary: 'Run SQL; the rows of the last statement. Read-only members run it in a read-only transaction', params: ref, body: queryBody, response: z.union([z.array(z.record(z.string(), z.unknown())), z.object({ results: z.array(statementResultSchema) })]) }),
  pgMetaQueryLimits: endpoint({ method: 'GET', path: '/pg-meta/:ref/query/limits', summary: 'The longest statement_timeout_ms the caller may ask POST /query for (by role and engine)', params: ref, response: z.object({ max_statement_timeout_ms: z.number().int() }) }),
  pgMetaQueryCancel: endpoint({ method: 'POST', path: '/pg-meta/:ref/query/cancel', summary: 'Cancel a running query started with this query_id', params: ref, body: z.object({ query_id: z.string().uuid() }), response: z.object({ cancelled: z.boolean() }) }),
} as const satisfies Record<string, Endpoint>;
