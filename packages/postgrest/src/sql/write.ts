/**
 * INSERT / UPDATE / DELETE (and upsert) statements. The JSON body is one bound parameter turned into
 * rows by jsonb_populate_record, so every value arrives typed by the table's own row type.
 */
import { PostgrestError } from '../errors.ts';
import { qualified, quoteIdent as q } from '../ident.ts';
import type { Params } from '../params.ts';
import { columnOf, type Relation } from '../schema.ts';

export interface WriteSpec {
  relation: Relation;
  alias: string;
  kind: 'insert' | 'update' | 'delete';
  /** The request body (JSON text); null for DELETE. */
  body: string | null;
  columns: string[];
  upsert: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | null;
  /** missing=default: a key absent from one object of a bulk insert takes the column default. */
  isMissingDefault: boolean;
  isReturningRows: boolean;
  where: string[];
}

/**
 * A merge upsert counts the rows it inserts in a transaction-local setting: +1 for each row offered to
 * the insert, -1 for each that conflicted into an update (both conditions are always true; they are
 * there for the count). What remains decides the status: 201 when a row was inserted, else 200.
 */
const INSERTED = `nullif(pg_catalog.current_setting('pgrst.inserted', true), '')`;
const countInserted = (delta: '+ 1' | '- 1') => `pg_catalog.set_config('pgrst.inserted', (coalesce(${INSERTED}::int, 0) ${delta})::text, true)`;

/** The status of a merge upsert that inserted nothing; read after the statement consumed its rows. */
export const UPSERT_STATUS_SQL = `case when coalesce(${INSERTED}::int, 0) = 0 then '200' end`;

export function checkColumns(relation: Relation, columns: string[]): void {
  for (const name of columns) {
    if (!columnOf(relation, name)) {
      throw new PostgrestError(400, 'PGRST204', `Could not find the '${name}' column of '${relation.name}' in the schema cache`).cacheMiss();
    }
  }
}

/** The data-modifying statement, for `with "pgrst_source" as (...)`. */
export function writeSql(spec: WriteSpec, params: Params): string {
  const target = `${qualified(spec.relation.schema, spec.relation.name)} as ${q(spec.alias)}`;
  const rowType = `null::${qualified(spec.relation.schema, spec.relation.name)}`;
  const returning = spec.isReturningRows ? ` returning ${q(spec.alias)}.*` : ' returning 1';
  const where = spec.where.length ? ` where ${spec.where.join(' and ')}` : '';
  if (spec.kind === 'delete') return `delete from ${target}${where}${returning}`;
  checkColumns(spec.relation, spec.columns);
  const body = params.add(spec.body, 'jsonb');
  if (spec.kind === 'update') {
    if (spec.columns.length === 0) {
      // Nothing to change: answer as if no row matched, as PostgREST does for an empty PATCH.
      return `select ${spec.isReturningRows ? `${q(spec.alias)}.*` : '1'} from ${target} where false`;
    }
    const sets = spec.columns.map((c) => `${q(c)} = "pgrst_body".${q(c)}`);
    return `update ${target} set ${sets.join(', ')} from jsonb_populate_record(${rowType}, ${body}) as "pgrst_body"${where}${returning}`;
  }
  const values = spec.columns.map((name) => {
    const value = `"pgrst_body".${q(name)}`;
    const fallback = spec.isMissingDefault ? columnOf(spec.relation, name)?.defaultSql : null;
    // The default expression is catalog text (pg_get_expr), not request input.
    return fallback ? `case when "pgrst_elem"."value" ? ${params.add(name)} then ${value} else ${fallback} end` : value;
  });
  const elements = `jsonb_array_elements(case when jsonb_typeof(${body}) = 'array' then ${body} else jsonb_build_array(${body}) end)`;
  let sql = `insert into ${target}${spec.columns.length ? ` (${spec.columns.map(q).join(', ')})` : ''} select ${values.join(', ')} from ${elements} as "pgrst_elem" cross join lateral jsonb_populate_record(${rowType}, "pgrst_elem"."value") as "pgrst_body"`;
  if (spec.upsert) {
    checkColumns(spec.relation, spec.upsert.columns);
    const conflict = spec.upsert.columns.map(q).join(', ');
    const updates = spec.columns.map((c) => `${q(c)} = excluded.${q(c)}`);
    const isMerge = spec.upsert.resolution === 'merge-duplicates';
    if (isMerge) sql += ` where ${countInserted('+ 1')} <> '0'`;
    sql += !isMerge || updates.length === 0
      ? ` on conflict (${conflict}) do nothing`
      : ` on conflict (${conflict}) do update set ${updates.join(', ')} where ${countInserted('- 1')} <> '-1'`;
  }
  return sql + returning;
}
