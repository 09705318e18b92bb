/**
 * `<T>Filter` -> a SQL condition: fields are ANDed, `and`/`or`/`not` nest, each operator compares
 * the column with a bound value cast to the column's type (pattern operators compare its text).
 */
import { GraphqlRequestError } from './errors.ts';
import type { FieldColumn, TableModel } from './model.ts';

/** Binds a value and returns the SQL that reads it as `sqlType`. */
export type Binder = (value: unknown, sqlType: string) => string;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const PATTERNS: Record<string, string> = { like: 'like', ilike: 'ilike', regex: '~', iregex: '~*' };

/** A node id's parts: [schema, table, ...primary key values], or null when it is not one. */
export function nodeIdKey(nodeId: string): unknown[] | null {
  try {
    const parts = JSON.parse(Buffer.from(nodeId, 'base64').toString('utf8'));
    return Array.isArray(parts) && parts.length >= 3 && typeof parts[0] === 'string' && typeof parts[1] === 'string' ? parts : null;
  } catch {
    return null;
  }
}

/** `alias`'s row is the record `nodeId` names (false for another table's id). */
export function nodeIdCondition(t: TableModel, alias: string, nodeId: string, bind: Binder): string {
  const parts = nodeIdKey(nodeId);
  if (!parts) throw new GraphqlRequestError('Invalid node id');
  if (parts[0] !== t.table.schema || parts[1] !== t.table.name || parts.length !== t.table.primaryKey.length + 2) return 'false';
  const param = bind(nodeId, 'text');
  return t.table.primaryKey.map((k, i) => {
    const sqlType = t.table.columns.find((c) => c.name === k)!.sqlType;
    return `${alias}.${ident(k)} = (pg_catalog.convert_from(pg_catalog.decode(${param}, 'base64'), 'utf8')::jsonb ->> ${i + 2})::${sqlType}`;
  }).join(' and ');
}

function columnCondition(c: FieldColumn, ref: string, ops: Record<string, unknown>, bind: Binder): string[] {
  const out: string[] = [];
  for (const [op, value] of Object.entries(ops)) {
    if (value === undefined || (value === null && op !== 'is')) continue;
    if (op in COMPARISONS) out.push(`${ref} ${COMPARISONS[op]} ${bind(value, c.column.sqlType)}`);
    else if (op in PATTERNS) out.push(`${ref}::text ${PATTERNS[op]} ${bind(value, 'text')}`);
    else if (op === 'startsWith') out.push(`pg_catalog.starts_with(${ref}::text, ${bind(value, 'text')})`);
    else if (op === 'in') out.push(`${ref} = any(array(select pg_catalog.jsonb_array_elements_text(${bind(value, 'jsonb')}))::${c.column.sqlType}[])`);
    else if (op === 'is') out.push(value === 'NULL' ? `${ref} is null` : `${ref} is not null`);
  }
  return out;
}

export function compileFilter(t: TableModel, alias: string, filter: Record<string, unknown>, bind: Binder): string {
  const conds: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || value === undefined) continue;
    if (key === 'and' || key === 'or') {
      const parts = (value as Record<string, unknown>[]).map((f) => compileFilter(t, alias, f, bind));
      if (parts.length) conds.push(`(${parts.join(key === 'and' ? ' and ' : ' or ')})`);
    } else if (key === 'not') {
      conds.push(`not (${compileFilter(t, alias, value as Record<string, unknown>, bind)})`);
    } else if (key === 'nodeId') {
      const eq = (value as { eq?: string | null }).eq;
      if (eq != null) conds.push(nodeIdCondition(t, alias, eq, bind));
    } else {
      const c = t.columns.find((f) => f.field === key);
      if (c) conds.push(...columnCondition(c, `${alias}.${ident(c.column.name)}`, value as Record<string, unknown>, bind));
    }
  }
  return conds.length ? `(${conds.join(' and ')})` : 'true';
}
