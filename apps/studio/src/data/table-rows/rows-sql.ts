/**
 * SQL for the rows grid: read a page, count, insert, update and delete rows, read one full cell.
 * Every value travels as text: read with `::text`, written as an untyped constant that Postgres
 * coerces to the column's type, so numbers keep their precision and enums, arrays and json need no
 * special casing. Names go through ident(), values through literal().
 */
import { containsPattern, ident, literal, qualified, valueSql } from '../sql/quote.ts';
import type { GridColumn, RelationMeta } from './relation-sql.ts';

/** Cells longer than this are cut for display; the editor reads the full value when it opens. */
export const CELL_PREVIEW_CHARS = 10_240;
/** Counting stops here; above it the catalog's estimate is shown. */
export const COUNT_CAP = 100_000;

export const FILTER_OPERATORS = ['=', '<>', '>', '<', '>=', '<=', '~~', '~~*', 'in', 'is'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
export const IS_VALUES = ['null', 'not null', 'true', 'false'] as const;

export interface RowFilter {
  column: string;
  operator: FilterOperator;
  value: string;
}

export interface RowSort {
  column: string;
  ascending: boolean;
}

export interface RowsQuery {
  filters: RowFilter[];
  sorts: RowSort[];
  page: number;
  pageSize: number;
}

/** A row as the grid holds it: one text (or NULL) per column, in column order. */
export type GridRow = (string | null)[];

/** Primary-key values of one row, by column name: how writes find it again. */
export type RowKey = Record<string, string | null>;

function selectList(meta: RelationMeta): string {
  const keys = new Set(meta.primaryKeys);
  return meta.columns
    .map((column, index) => {
      const text = `${ident(column.name)}::text`;
      // Keys are never cut, or a long key could no longer find its row.
      return `${keys.has(column.name) ? text : `left(${text}, ${CELL_PREVIEW_CHARS + 1})`} as c${index}`;
    })
    .join(', ');
}

function filterSql(filter: RowFilter): string {
  const column = ident(filter.column);
  switch (filter.operator) {
    case 'is': {
      const value = (IS_VALUES as readonly string[]).includes(filter.value) ? filter.value : 'null';
      return `${column} is ${value}`;
    }
    case 'in': {
      const values = filter.value.split(',').map((v) => v.trim()).filter((v) => v !== '');
      return values.length === 0 ? 'false' : `${column} in (${values.map(literal).join(', ')})`;
    }
    case '~~':
    case '~~*':
      // Patterns apply to the text form, so LIKE works on numbers and dates too.
      return `${column}::text ${filter.operator === '~~' ? 'like' : 'ilike'} ${literal(filter.value)}`;
    default:
      return `${column} ${filter.operator} ${literal(filter.value)}`;
  }
}

export function whereSql(filters: RowFilter[]): string {
  return filters.length === 0 ? '' : ` where ${filters.map((f) => `(${filterSql(f)})`).join(' and ')}`;
}

function orderSql(meta: RelationMeta, sorts: RowSort[]): string {
  // Without a chosen order, the key order keeps pages stable between requests.
  const order = sorts.length > 0
    ? sorts.map((s) => `${ident(s.column)} ${s.ascending ? 'asc' : 'desc'} nulls last`)
    : meta.primaryKeys.map((key) => ident(key));
  return order.length === 0 ? '' : ` order by ${order.join(', ')}`;
}

export function selectRowsSql(meta: RelationMeta, query: RowsQuery): string {
  const offset = Math.max(0, query.page) * query.pageSize;
  return `select ${selectList(meta) || 'null as c0'} from ${qualified(meta.schema, meta.name)}${whereSql(query.filters)}${orderSql(meta, query.sorts)} limit ${query.pageSize} offset ${offset}`;
}

export function countRowsSql(meta: RelationMeta, filters: RowFilter[]): string {
  return `select count(*)::int8 as count from (select 1 from ${qualified(meta.schema, meta.name)}${whereSql(filters)} limit ${COUNT_CAP + 1}) s`;
}

function keySql(key: RowKey): string {
  const parts = Object.entries(key).map(([name, value]) => (value === null ? `${ident(name)} is null` : `${ident(name)} = ${literal(value)}`));
  if (parts.length === 0) throw new Error('This row has no primary key to find it by.');
  return parts.join(' and ');
}

export function rowKeyOf(meta: RelationMeta, row: GridRow): RowKey {
  const key: RowKey = {};
  for (const name of meta.primaryKeys) {
    const index = meta.columns.findIndex((c) => c.name === name);
    key[name] = row[index] ?? null;
  }
  return key;
}

/** Changed values by column name; null writes NULL. */
export type RowValues = Record<string, string | null>;

export function updateRowSql(meta: RelationMeta, key: RowKey, values: RowValues): string {
  const sets = Object.entries(values).map(([name, value]) => `${ident(name)} = ${valueSql(value)}`);
  return `update ${qualified(meta.schema, meta.name)} set ${sets.join(', ')} where ${keySql(key)} returning ${selectList(meta)}`;
}

/** Columns left out take their default (or NULL). */
export function insertRowSql(meta: RelationMeta, values: RowValues): string {
  const names = Object.keys(values);
  const target = qualified(meta.schema, meta.name);
  const overriding = names.some((name) => meta.columns.find((c) => c.name === name)?.isIdentityAlways) ? ' overriding system value' : '';
  const body = names.length === 0
    ? 'default values'
    : `(${names.map(ident).join(', ')})${overriding} values (${names.map((n) => valueSql(values[n])).join(', ')})`;
  return `insert into ${target} ${body} returning ${selectList(meta)}`;
}

export function deleteRowsSql(meta: RelationMeta, keys: RowKey[]): string {
  return `delete from ${qualified(meta.schema, meta.name)} where ${keys.map((key) => `(${keySql(key)})`).join(' or ')}`;
}

export function cellSql(meta: RelationMeta, key: RowKey, column: string): string {
  return `select ${ident(column)}::text as value from ${qualified(meta.schema, meta.name)} where ${keySql(key)}`;
}

/** The grid's row from a returned record (c0, c1, ...). */
export function gridRowOf(record: Record<string, unknown>, columns: GridColumn[]): GridRow {
  return columns.map((_, index) => {
    const value = record[`c${index}`];
    return value === null || value === undefined ? null : String(value);
  });
}

/** Rows of a referenced table for the foreign-key lookup: the key column plus a text preview of the row. */
export function lookupRowsSql(target: { schema: string; table: string; column: string }, search: string, limit = 100): string {
  const table = qualified(target.schema, target.table);
  const key = ident(target.column);
  const where = search.trim() ? ` where t::text ilike ${literal(containsPattern(search.trim()))}` : '';
  return `select ${key}::text as value, left(t::text, 300) as preview from ${table} t${where} order by ${key} limit ${limit}`;
}
