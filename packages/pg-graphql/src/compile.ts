/**
 * One top-level GraphQL field -> one SQL statement returning its whole answer as one jsonb value,
 * nested relationships included (no N+1). Identifiers are quoted; every client value is a bound
 * parameter, sent as text and cast to the column's own type.
 */
import {
  getArgumentValues, getDirectiveValues, GraphQLIncludeDirective, GraphQLSkipDirective, Kind, type FieldNode,
  type FragmentDefinitionNode, type GraphQLField, type GraphQLSchema, type SelectionSetNode,
} from 'graphql';
import { GraphqlRequestError } from './errors.ts';
import { compileFilter, type Binder } from './filter.ts';
import type { Model, TableModel } from './model.ts';
import { TYPE_KEY } from './schema.ts';


/** pg_graphql's page size when neither `first` nor `last` is given. */
export const DEFAULT_PAGE_SIZE = 30;

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
export const qualified = (t: TableModel) => `${ident(t.table.schema)}.${ident(t.table.name)}`;
/** base64 of the value's jsonb text, as pg_graphql's cursors and node ids are (`WzFd` is `[1]`). */
const base64Json = (expr: string) => `pg_catalog.translate(pg_catalog.encode(pg_catalog.convert_to((${expr})::text, 'utf8'), 'base64'), E'\\n', '')`;

export interface CompileContext {
  schema: GraphQLSchema;
  model: Model;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  params: (string | null)[];
  aliases: number;
}

export const binder = (ctx: CompileContext): Binder => (value, sqlType) => {
  ctx.params.push(value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));
  return `$${ctx.params.length}::${sqlType}`;
};

const nextAlias = (ctx: CompileContext) => `t${ctx.aliases++}`;

/** Fields of `typeName` selected by these selection sets, grouped by response key (fragments and @skip/@include applied). */
export function collectFields(ctx: CompileContext, sets: readonly SelectionSetNode[], typeName: string): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (getDirectiveValues(GraphQLSkipDirective, selection, ctx.variables)?.if === true) continue;
      if (getDirectiveValues(GraphQLIncludeDirective, selection, ctx.variables)?.if === false) continue;
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        out.set(key, [...(out.get(key) ?? []), selection]);
      } else {
        const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : ctx.fragments[selection.name.value];
        const condition = fragment?.typeCondition?.name.value;
        if (fragment && (!condition || condition === typeName || condition === 'Node')) visit(fragment.selectionSet);
      }
    }
  };
  sets.forEach(visit);
  return out;
}

const subSets = (nodes: FieldNode[]) => nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));

function argsOf(ctx: CompileContext, typeName: string, node: FieldNode): Record<string, unknown> {
  const type = ctx.schema.getType(typeName) as { getFields(): Record<string, GraphQLField<unknown, unknown>> };
  return getArgumentValues(type.getFields()[node.name.value], node, ctx.variables);
}

/** jsonb_build_object takes at most 100 arguments: wider objects are concatenated from chunks. */
export function jsonObject(pairs: [string, string][]): string {
  if (pairs.length === 0) return `'{}'::jsonb`;
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) {
    chunks.push(`pg_catalog.jsonb_build_object(${pairs.slice(i, i + 50).map(([k, v]) => `${literal(k)}, ${v}`).join(', ')})`);
  }
  return chunks.join(' || ');
}

/** What a column value looks like in the answer: 64-bit integers and numerics as strings, JSON as its text. */
function columnValue(alias: string, t: TableModel, field: string): string {
  const c = t.columns.find((f) => f.field === field)!;
  const ref = `${alias}.${ident(c.column.name)}`;
  if (c.scalar === 'BigInt' || c.scalar === 'BigFloat') return c.column.isArray ? `${ref}::text[]` : `${ref}::text`;
  if (c.scalar === 'JSON' && !c.column.isArray) return `${ref}::text`;
  return ref;
}

export function nodeIdExpr(t: TableModel, alias: string): string {
  const keys = t.table.primaryKey.map((k) => `${alias}.${ident(k)}`);
  return base64Json(`pg_catalog.jsonb_build_array(${literal(t.table.schema)}, ${literal(t.table.name)}, ${keys.join(', ')})`);
}

/** The selected fields of one record of `t` (SQL alias `alias`) as a jsonb object expression. */
export function recordObject(ctx: CompileContext, t: TableModel, alias: string, nodes: FieldNode[], withType = false): string {
  const pairs: [string, string][] = withType ? [[TYPE_KEY, literal(t.typeName)]] : [];
  for (const [key, fields] of collectFields(ctx, subSets(nodes), t.typeName)) {
    const name = fields[0].name.value;
    if (name === '__typename') pairs.push([key, literal(t.typeName)]);
    else if (name === 'nodeId') pairs.push([key, nodeIdExpr(t, alias)]);
    else if (t.columns.some((c) => c.field === name)) pairs.push([key, columnValue(alias, t, name)]);
    else {
      const rel = t.relationships.find((r) => r.field === name);
      if (!rel) throw new GraphqlRequestError(`Unknown field "${name}" on type ${t.typeName}`);
      const join = { alias, pairs: rel.pairs };
      if (rel.kind === 'one') {
        const inner = nextAlias(ctx);
        const on = rel.pairs.map(([here, there]) => `${inner}.${ident(there)} = ${alias}.${ident(here)}`).join(' and ');
        pairs.push([key, `(select ${recordObject(ctx, rel.target, inner, fields)} from ${qualified(rel.target)} ${inner} where ${on} limit 1)`]);
      } else {
        pairs.push([key, connection(ctx, rel.target, fields, argsOf(ctx, t.typeName, fields[0]), join)]);
      }
    }
  }
  return jsonObject(pairs);
}

interface OrderKey { column: string; sqlType: string; desc: boolean; nullsFirst: boolean }

function orderKeys(t: TableModel, orderBy: Record<string, string>[] | undefined): OrderKey[] {
  const keys: OrderKey[] = [];
  for (const item of orderBy ?? []) {
    const entries = Object.entries(item).filter(([, v]) => v !== null && v !== undefined);
    if (entries.length !== 1) throw new GraphqlRequestError('Invalid orderBy: each element must name exactly one field');
    const [field, direction] = entries[0];
    const c = t.columns.find((f) => f.field === field)!;
    keys.push({ column: c.column.name, sqlType: c.column.sqlType, desc: direction.startsWith('Desc'), nullsFirst: direction.endsWith('NullsFirst') });
  }
  // The primary key last, so every row has a distinct position and cursors are exact.
  for (const pk of t.table.primaryKey) {
    if (!keys.some((k) => k.column === pk)) keys.push({ column: pk, sqlType: t.table.columns.find((c) => c.name === pk)!.sqlType, desc: false, nullsFirst: false });
  }
  return keys;
}

const orderSql = (alias: string, keys: OrderKey[]) => keys.map((k) => `${alias}.${ident(k.column)} ${k.desc ? 'desc' : 'asc'} nulls ${k.nullsFirst ? 'first' : 'last'}`).join(', ');

/** Rows strictly after the cursor's position in this order (NULLs placed as the order places them). */
function afterCursor(ctx: CompileContext, alias: string, keys: OrderKey[], cursor: string): string {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
  } catch {
    values = null;
  }
  if (!Array.isArray(values) || values.length !== keys.length) throw new GraphqlRequestError('Invalid cursor');
  const bind = binder(ctx);
  const cursorParam = bind(cursor, 'text');
  const value = (i: number) => `(pg_catalog.convert_from(pg_catalog.decode(${cursorParam}, 'base64'), 'utf8')::jsonb ->> ${i})::${keys[i].sqlType}`;
  const ors: string[] = [];
  keys.forEach((k, i) => {
    const col = `${alias}.${ident(k.column)}`;
    const equal = keys.slice(0, i).map((p, j) => (values as unknown[])[j] === null ? `${alias}.${ident(p.column)} is null` : `${alias}.${ident(p.column)} = ${value(j)}`);
    const v = (values as unknown[])[i];
    const beyond = v === null
      ? (k.nullsFirst ? `${col} is not null` : 'false')
      : `(${col} ${k.desc ? '<' : '>'} ${value(i)}${k.nullsFirst ? '' : ` or ${col} is null`})`;
    ors.push([...equal, beyond].join(' and '));
  });
  return `(${ors.join(' or ')})`;
}

/** A `<T>Connection` over `t` (optionally the rows joined to a parent record) as a jsonb expression. */
export function connection(ctx: CompileContext, t: TableModel, nodes: FieldNode[], args: Record<string, unknown>, join?: { alias: string; pairs: [string, string][] }): string {
  const first = args.first as number | null | undefined;
  const last = args.last as number | null | undefined;
  const before = args.before as string | null | undefined;
  const after = args.after as string | null | undefined;
  const offset = (args.offset as number | null | undefined) ?? 0;
  if (first != null && last != null) throw new GraphqlRequestError('only one of "first" and "last" may be provided');
  if (before != null && after != null) throw new GraphqlRequestError('only one of "before" and "after" may be provided');
  if (first != null && before != null) throw new GraphqlRequestError('"first" may only be used with "after"');
  if (last != null && after != null) throw new GraphqlRequestError('"last" may only be used with "before"');
  if ((first ?? 0) < 0 || (last ?? 0) < 0 || offset < 0) throw new GraphqlRequestError('"first", "last" and "offset" must not be negative');
  const isBackward = last != null || before != null;
  const limit = first ?? last ?? DEFAULT_PAGE_SIZE;

  const a = nextAlias(ctx);
  const keys = orderKeys(t, args.orderBy as Record<string, string>[] | undefined);
  // Backward pages read the order reversed and are turned round when aggregated.
  const readKeys = isBackward ? keys.map((k) => ({ ...k, desc: !k.desc, nullsFirst: !k.nullsFirst })) : keys;
  const where = (alias: string) => {
    const conds = join ? join.pairs.map(([there, here]) => `${alias}.${ident(here)} = ${join.alias}.${ident(there)}`) : [];
    if (args.filter) conds.push(compileFilter(t, alias, args.filter as Record<string, unknown>, binder(ctx)));
    return conds;
  };
  const conds = where(a);
  const cursor = isBackward ? before : after;
  if (cursor != null) conds.push(afterCursor(ctx, a, readKeys, cursor));

  const cursorExpr = base64Json(`pg_catalog.jsonb_build_array(${keys.map((k) => `${a}.${ident(k.column)}`).join(', ')})`);
  const innerCols = [`${cursorExpr} as __c`, `pg_catalog.row_number() over (order by ${orderSql(a, readKeys)}) as __rn`];
  const outDir = isBackward ? 'desc' : 'asc';
  const page = `p.__rn <= ${limit}`;
  const cursors = `(pg_catalog.array_agg(p.__c order by p.__rn ${outDir}) filter (where ${page}))`;
  const pairs: [string, string][] = [];
  let edgeCount = 0;
  for (const [key, fields] of collectFields(ctx, subSets(nodes), `${t.typeName}Connection`)) {
    const name = fields[0].name.value;
    if (name === '__typename') pairs.push([key, literal(`${t.typeName}Connection`)]);
    else if (name === 'totalCount') {
      const c = nextAlias(ctx);
      const cc = where(c);
      pairs.push([key, `(select pg_catalog.count(*)::int from ${qualified(t)} ${c}${cc.length ? ` where ${cc.join(' and ')}` : ''})`]);
    } else if (name === 'edges') {
      const edgePairs: [string, string][] = [];
      for (const [ekey, efields] of collectFields(ctx, subSets(fields), `${t.typeName}Edge`)) {
        const ename = efields[0].name.value;
        if (ename === '__typename') edgePairs.push([ekey, literal(`${t.typeName}Edge`)]);
        else if (ename === 'cursor') edgePairs.push([ekey, cursorExpr]);
        else edgePairs.push([ekey, recordObject(ctx, t, a, efields)]);
      }
      const column = `__e${edgeCount++}`;
      innerCols.push(`${jsonObject(edgePairs)} as ${column}`);
      pairs.push([key, `coalesce(pg_catalog.jsonb_agg(p.${column} order by p.__rn ${outDir}) filter (where ${page}), '[]'::jsonb)`]);
    } else if (name === 'pageInfo') {
      const more = `(pg_catalog.count(*) > ${limit})`;
      const infoPairs: [string, string][] = [];
      for (const [ikey, ifields] of collectFields(ctx, subSets(fields), 'PageInfo')) {
        const iname = ifields[0].name.value;
        if (iname === '__typename') infoPairs.push([ikey, `'PageInfo'`]);
        else if (iname === 'hasNextPage') infoPairs.push([ikey, isBackward ? String(before != null) : more]);
        else if (iname === 'hasPreviousPage') infoPairs.push([ikey, isBackward ? more : String(after != null || offset > 0)]);
        else if (iname === 'startCursor') infoPairs.push([ikey, `${cursors}[1]`]);
        else if (iname === 'endCursor') infoPairs.push([ikey, `${cursors}[pg_catalog.array_upper(${cursors}, 1)]`]);
      }
      pairs.push([key, jsonObject(infoPairs)]);
    }
  }
  const inner = `select ${innerCols.join(', ')} from ${qualified(t)} ${a}${conds.length ? ` where ${conds.join(' and ')}` : ''} order by ${orderSql(a, readKeys)} limit ${limit + 1} offset ${offset}`;
  // One row even when nothing is aggregated (only totalCount selected) or the page is empty.
  return `(select ${jsonObject(pairs)} from (${inner}) p group by ())`;
}
