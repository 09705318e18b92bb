/**
 * Foreign tables: listed, inspected and dropped. Creating one needs a foreign server (postgres_fdw:
 * foreign-servers.ts, Database > Wrappers); the embedded engine has no foreign-data wrappers at all.
 */
import { z } from 'zod';
import { columnSchema } from './columns.ts';
import type { ListOptions } from './filters.ts';
import { assertSchemaWritable } from './protected-schemas.ts';
import type { Page, Queryable } from './queryable.ts';
import { buildRelationDropSql, getRelation, listRelations } from './relations.ts';

export const foreignTableSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  comment: z.string().nullable(),
  server: z.string().nullable(),
  columns: z.array(columnSchema).optional(),
});
export type ForeignTable = z.infer<typeof foreignTableSchema>;

const EXTRA = `(select s.srvname from pg_foreign_table ft join pg_foreign_server s on s.oid = ft.ftserver where ft.ftrelid = c.oid) as server`;

export function listForeignTables(db: Queryable, options: ListOptions & { include_columns?: boolean } = {}): Promise<Page<ForeignTable>> {
  return listRelations<ForeignTable>(db, 'f', EXTRA, options);
}

export function getForeignTable(db: Queryable, id: number): Promise<ForeignTable> {
  return getRelation<ForeignTable>(db, 'f', EXTRA, id);
}

export async function deleteForeignTable(db: Queryable, id: number, options: { cascade?: boolean } = {}): Promise<ForeignTable> {
  const table = await getForeignTable(db, id);
  assertSchemaWritable(table.schema);
  await db.query(buildRelationDropSql('f', table, options));
  return table;
}
