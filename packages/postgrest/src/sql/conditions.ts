/** Column references (with JSON paths) and filter conditions as SQL; every value is a bound parameter. */
import { columnNotFound, PostgrestError } from '../errors.ts';
import { qualified, quoteIdent } from '../ident.ts';
import type { Params } from '../params.ts';
import type { FieldRef } from '../parse/cursor.ts';
import type { Condition, Filter } from '../parse/filter.ts';
import { columnOf, type Relation, type SchemaIndex } from '../schema.ts';

export interface Scope {
  relation: Relation;
  alias: string;
  /** Embedded resources at this level by output name -> SQL that is null when nothing is embedded. */
  embeds: Map<string, string>;
  /** Where computed fields (functions of the row) are looked up. */
  schema: SchemaIndex;
}

/**
 * The row `alias` as a value of the relation's row type, to pass to a function of that type. The
 * cast also types the rows of a write's or RPC's result, which are anonymous records.
 */
export function wholeRow(alias: string, relation: Relation): string {
  return `(${quoteIdent(alias)}.*)::${qualified(relation.schema, relation.name)}`;
}

export interface FieldSql {
  sql: string;
  /** Type bound values compared with this field are cast to. */
  type: string;
}

export function fieldSql(scope: Scope, field: FieldRef, params: Params): FieldSql {
  const base = columnSql(scope, field.name);
  let sql = base.sql;
  if (field.json.length === 0) return base;
  for (const step of field.json) {
    // Array indexes stay numbers (`->0`); object keys are bound text. Parenthesised so `->-1` lexes.
    const key = /^-?\d{1,9}$/.test(step.key) ? `(${Number(step.key)})` : params.add(step.key);
    sql += `${step.op}${key}`;
  }
  const last = field.json[field.json.length - 1];
  return last.op === '->>' ? { sql, type: 'text' } : { sql: `(${sql})::jsonb`, type: 'jsonb' };
}

/** A column, or else a computed field: the function called with the row (PostgREST's `table.fn`). */
function columnSql(scope: Scope, name: string): FieldSql {
  const column = columnOf(scope.relation, name);
  if (column) return { sql: `${quoteIdent(scope.alias)}.${quoteIdent(name)}`, type: column.castType };
  const fn = scope.schema.computedField(scope.relation, name);
  if (!fn) throw columnNotFound(scope.relation.name, name);
  return { sql: `${qualified(fn.schema, fn.name)}(${wholeRow(scope.alias, scope.relation)})`, type: fn.returnType };
}

const COMPARE: Partial<Record<Filter['op'], string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
};
const TSQUERY = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' } as const;
const IS_SQL: Record<string, string> = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' };
const TEXT_OPS = new Set(['like', 'ilike', 'match', 'imatch']);

export function conditionSql(scope: Scope, condition: Condition, params: Params): string {
  if (condition.kind === 'logic') {
    const joined = condition.children.map((child) => conditionSql(scope, child, params)).join(` ${condition.op} `);
    return condition.isNegated ? `not (${joined})` : `(${joined})`;
  }
  const sql = filterSql(scope, condition, params);
  return condition.isNegated ? `not (${sql})` : sql;
}

function filterSql(scope: Scope, filter: Filter, params: Params): string {
  const embedded = filter.field.json.length === 0 ? scope.embeds.get(filter.field.name) : undefined;
  if (embedded !== undefined && !columnOf(scope.relation, filter.field.name)) {
    if (filter.op !== 'is' || (filter.value !== 'null' && filter.value !== 'not_null')) {
      throw new PostgrestError(400, 'PGRST120', 'Bad operator on the embedded resource', 'Only is null or not is null filters are allowed on embedded resources');
    }
    return `${embedded} ${IS_SQL[filter.value]}`;
  }
  const field = fieldSql(scope, filter.field, params);
  switch (filter.op) {
    case 'is':
      return `${field.sql} ${IS_SQL[filter.value]}`;
    case 'isdistinct':
      return `${field.sql} is distinct from ${params.add(filter.value, field.type)}`;
    case 'in': {
      const list = filter.list ?? [];
      if (list.length === 0) return 'false';
      return `${field.sql} in (${list.map((v) => params.add(v, field.type)).join(', ')})`;
    }
    case 'fts': case 'plfts': case 'phfts': case 'wfts': {
      const config = filter.ftsConfig === null ? '' : `${params.add(filter.ftsConfig, 'regconfig')}, `;
      const vector = field.type === 'tsvector' ? field.sql : `to_tsvector(${config}${field.sql})`;
      return `${vector} @@ ${TSQUERY[filter.op]}(${config}${params.add(filter.value)})`;
    }
    default: {
      const op = COMPARE[filter.op] as string;
      const type = TEXT_OPS.has(filter.op) ? 'text' : field.type;
      const like = filter.op === 'like' || filter.op === 'ilike';
      const value = (v: string) => params.add(like ? v.replace(/\*/g, '%') : v, type);
      if (filter.quantifier) {
        const values = (filter.list ?? []).map(value).join(', ');
        return `${field.sql} ${op} ${filter.quantifier}(array[${values}]::${type}[])`;
      }
      return `${field.sql} ${op} ${value(filter.value)}`;
    }
  }
}
