/**
 * The top-level fields: each becomes one statement `select <jsonb> as result`. Mutations write in a
 * data-modifying CTE and read their records back from it; `atMost` is checked by the caller on the
 * returned count, and exceeding it fails the whole operation (the transaction is rolled back).
 */
import type { FieldNode } from 'graphql';
import { binder, collectFields, connection, ident, jsonObject, literal, qualified, recordObject, type CompileContext } from './compile.ts';
import { GraphqlRequestError } from './errors.ts';
import { compileFilter, nodeIdCondition, nodeIdKey } from './filter.ts';
import type { TableModel } from './model.ts';

export interface CompiledField {
  sql: string;
  params: (string | null)[];
  /** A mutation's limit: more affected rows than this is an error. */
  atMost?: { limit: number; message: string };
}

type Root = { kind: 'collection' | 'insert' | 'update' | 'delete'; table: TableModel } | { kind: 'node' };

export function rootOf(ctx: CompileContext, name: string, isMutation: boolean): Root | null {
  if (!isMutation) {
    if (name === 'node') return { kind: 'node' };
    const table = ctx.model.tables.find((t) => t.collectionField === name);
    return table ? { kind: 'collection', table } : null;
  }
  for (const table of ctx.model.tables) {
    if (name === `insertInto${table.typeName}Collection`) return { kind: 'insert', table };
    if (name === `update${table.typeName}Collection`) return { kind: 'update', table };
    if (name === `deleteFrom${table.typeName}Collection`) return { kind: 'delete', table };
  }
  return null;
}

/** `{affectedCount, records}` over the rows of the CTE `affected`. */
function mutationResponse(ctx: CompileContext, t: TableModel, nodes: FieldNode[], kind: string): string {
  const pairs: [string, string][] = [];
  const sets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  for (const [key, fields] of collectFields(ctx, sets, `${t.typeName}${kind}Response`)) {
    const name = fields[0].name.value;
    if (name === '__typename') pairs.push([key, literal(`${t.typeName}${kind}Response`)]);
    else if (name === 'affectedCount') pairs.push([key, '(select pg_catalog.count(*)::int from affected)']);
    else if (name === 'records') pairs.push([key, `coalesce((select pg_catalog.jsonb_agg(${recordObject(ctx, t, 'r', fields)}) from affected r), '[]'::jsonb)`]);
  }
  // The count rides along under a key no selection can have, for the atMost check.
  pairs.push(['__affected', '(select pg_catalog.count(*)::int from affected)']);
  return jsonObject(pairs);
}

function columnFor(t: TableModel, field: string) {
  const c = t.columns.find((f) => f.field === field);
  if (!c) throw new GraphqlRequestError(`Unknown field "${field}" on ${t.typeName}`);
  return c;
}

/** A value for a column: arrays arrive as JSON lists and are cast element by element. */
function valueSql(ctx: CompileContext, t: TableModel, field: string, value: unknown): string {
  const c = columnFor(t, field);
  const bind = binder(ctx);
  if (value === null) return `null::${c.column.sqlType}`;
  if (c.column.isArray) return `array(select pg_catalog.jsonb_array_elements_text(${bind(value, 'jsonb')}))::${c.column.sqlType}`;
  return bind(value, c.column.sqlType);
}

export function compileRoot(ctx: CompileContext, root: Root, nodes: FieldNode[], args: Record<string, unknown>): CompiledField {
  const done = (sql: string, atMost?: CompiledField['atMost']): CompiledField => ({ sql, params: ctx.params, atMost });
  if (root.kind === 'node') {
    const nodeId = args.nodeId as string;
    const parts = nodeIdKey(nodeId);
    const t = parts && ctx.model.tables.find((m) => m.table.schema === parts[0] && m.table.name === parts[1]);
    if (!t) return done('select null::jsonb as result');
    const cond = nodeIdCondition(t, 'n', nodeId, binder(ctx));
    return done(`select (select ${recordObject(ctx, t, 'n', nodes, true)} from ${qualified(t)} n where ${cond}) as result`);
  }
  const t = root.table;
  if (root.kind === 'collection') return done(`select ${connection(ctx, t, nodes, args)} as result`);

  if (root.kind === 'insert') {
    const objects = args.objects as Record<string, unknown>[];
    if (objects.length === 0) throw new GraphqlRequestError('At least one record must be provided to objects');
    const fields = [...new Set(objects.flatMap((o) => Object.keys(o)))];
    const columns = fields.map((f) => ident(columnFor(t, f).column.name));
    const rows = objects.map((o) => `(${fields.map((f) => (f in o ? valueSql(ctx, t, f, o[f]) : 'default')).join(', ')})`);
    const insert = fields.length
      ? `insert into ${qualified(t)} (${columns.join(', ')}) values ${rows.join(', ')} returning *`
      : `insert into ${qualified(t)} select from pg_catalog.generate_series(1, ${objects.length}) returning *`;
    return done(`with affected as (${insert}) select ${mutationResponse(ctx, t, nodes, 'Insert')} as result`);
  }

  const atMost = { limit: args.atMost as number, message: `${root.kind} impacts too many records` };
  const filter = args.filter ? compileFilter(t, 'a', args.filter as Record<string, unknown>, binder(ctx)) : 'true';
  if (root.kind === 'update') {
    const set = Object.entries(args.set as Record<string, unknown>);
    if (set.length === 0) throw new GraphqlRequestError('At least one mapping required for "set"');
    const assignments = set.map(([f, v]) => `${ident(columnFor(t, f).column.name)} = ${valueSql(ctx, t, f, v)}`);
    const update = `update ${qualified(t)} as a set ${assignments.join(', ')} where ${filter} returning a.*`;
    return done(`with affected as (${update}) select ${mutationResponse(ctx, t, nodes, 'Update')} as result`, atMost);
  }
  const del = `delete from ${qualified(t)} as a where ${filter} returning a.*`;
  return done(`with affected as (${del}) select ${mutationResponse(ctx, t, nodes, 'Delete')} as result`, atMost);
}
