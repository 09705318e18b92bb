/** What views, materialized views and foreign tables share: a pg_class row, its comment and columns. */
import { PlinthError } from '@plinth/errors';
import { columnsJsonSql } from './columns.ts';
import { CLASS_COMMENT_JOIN, type ListOptions } from './filters.ts';
import { ident, nullableLiteral, qualified } from './identifiers.ts';
import { jsonRow, pagedRows, Params, type Page, type Queryable } from './queryable.ts';
import { relationMatchSql } from './tables.ts';

export type RelationKind = 'v' | 'm' | 'f';

/** The SQL keyword of each kind, for ALTER/DROP/COMMENT ON. */
export const RELATION_KEYWORD: Record<RelationKind, string> = { v: 'VIEW', m: 'MATERIALIZED VIEW', f: 'FOREIGN TABLE' };
const LABEL: Record<RelationKind, string> = { v: 'View', m: 'Materialized view', f: 'Foreign table' };

function detailSql(kind: RelationKind, relid: string, extra: string, includeColumns: boolean): string {
  return `select c.oid::int8 as id, n.nspname as schema, c.relname as name, cd.description as comment
      ${extra ? `, ${extra}` : ''}${includeColumns ? `, ${columnsJsonSql('c.oid')} as columns` : ''}
    from pg_class c join pg_namespace n on n.oid = c.relnamespace ${CLASS_COMMENT_JOIN}
    where c.oid = ${relid} and c.relkind = '${kind}'`;
}

export async function listRelations<T>(db: Queryable, kind: RelationKind, extra: string, options: ListOptions & { include_columns?: boolean }): Promise<Page<T>> {
  const params = new Params();
  return pagedRows<T>(db, {
    match: relationMatchSql(kind, options, params),
    order: 'schema_name, name',
    detail: (row) => detailSql(kind, `${row}.id`, extra, options.include_columns === true),
    params,
    limit: options.limit,
    offset: options.offset,
  });
}

export async function getRelation<T>(db: Queryable, kind: RelationKind, extra: string, id: number): Promise<T> {
  const row = await jsonRow<T>(db, detailSql(kind, '$1::oid', extra, true), [id]);
  if (!row) throw new PlinthError('database_object_not_found', `${LABEL[kind]} ${id} not found.`);
  return row;
}

export async function relationIdOf(db: Queryable, schema: string, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(
    `select c.oid::int8 as id from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2`,
    [schema, name],
  );
  return Number(rows[0].id);
}

/** Comment, schema move and rename: the same three ALTERs for every kind, rename last. */
export function buildRelationAlterSql(
  kind: RelationKind,
  current: { schema: string; name: string; comment: string | null },
  changes: { schema?: string; name?: string; comment?: string | null },
): string[] {
  const keyword = RELATION_KEYWORD[kind];
  const out: string[] = [];
  let target = qualified(current.schema, current.name);
  if (changes.comment !== undefined && changes.comment !== current.comment) out.push(`COMMENT ON ${keyword} ${target} IS ${nullableLiteral(changes.comment)}`);
  if (changes.schema !== undefined && changes.schema !== current.schema) {
    out.push(`ALTER ${keyword} ${target} SET SCHEMA ${ident(changes.schema, 'schema')}`);
    target = qualified(changes.schema, current.name);
  }
  if (changes.name !== undefined && changes.name !== current.name) out.push(`ALTER ${keyword} ${target} RENAME TO ${ident(changes.name)}`);
  return out;
}

export function buildRelationDropSql(kind: RelationKind, relation: { schema: string; name: string }, options: { cascade?: boolean } = {}): string {
  return `DROP ${RELATION_KEYWORD[kind]} ${qualified(relation.schema, relation.name)}${options.cascade ? ' CASCADE' : ''}`;
}
