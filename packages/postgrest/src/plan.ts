/**
 * A request (method, path, query string, headers, body) -> one statement with its bound values and
 * what the runner must check (single object, max affected, counts), plus how to present the result.
 */
import { PostgrestError, tableNotFound } from './errors.ts';
import { quoteIdent as q } from './ident.ts';
import { Params } from './params.ts';
import { negotiateMedia, parsePrefer, parseRange, pickSchema, type Media, type Preferences } from './parse/headers.ts';
import { compileFilter, optionsAt, parseQuery, pathKey, type ParsedQuery, type RawFilter } from './parse/query.ts';
import { rpcArguments } from './parse/rpc-arguments.ts';
import type { Relation, SchemaIndex } from './schema.ts';
import { envelopeSql, type Shape } from './sql/envelope.ts';
import { buildLevel, type BuildContext } from './sql/read.ts';
import { callSql, resultRelation } from './sql/rpc.ts';
import { chooseFunction } from './rpc-function.ts';
import { planWrite } from './plan-write.ts';
import type { Presentation } from './present.ts';

export interface ApiRequest {
  method: string;
  target: { kind: 'root' } | { kind: 'relation'; name: string } | { kind: 'rpc'; name: string };
  /** The query string, without the leading `?`. */
  search: string;
  headers: { accept?: string; prefer?: string; range?: string; acceptProfile?: string; contentProfile?: string; contentType?: string };
  /** Text, or the bytes of an application/octet-stream body. */
  body: string | Uint8Array | undefined;
}

export interface ApiConfig {
  exposedSchemas: string[];
  /** Caps every read (the project's api_max_rows); null for no cap. */
  maxRows: number | null;
  /** Answers `Accept: application/vnd.pgrst.plan` (EXPLAIN) only when true, as PostgREST's db-plan-enabled; else 406. */
  isPlanEnabled?: boolean;
}

export interface StatementPlan {
  kind: 'statement';
  schema: string;
  isReadOnly: boolean;
  sql: string;
  args: (string | null)[];
  isSingle: boolean;
  maxAffected: number | null;
  isRollback: boolean;
  countMode: 'planned' | 'estimated' | null;
  countSql: string | null;
  countThreshold: number | null;
  /** EXPLAIN options (fixed words from an allow-list), null for a normal run. */
  explain: string | null;
  presentation: Presentation;
}

export type Plan = StatementPlan | { kind: 'openapi'; schema: string };

const READ_METHODS = new Set(['GET', 'HEAD']);

export function planRequest(request: ApiRequest, config: ApiConfig, schema: SchemaIndex): Plan {
  const method = request.method.toUpperCase();
  const isRead = READ_METHODS.has(method);
  const schemaName = pickSchema(isRead ? request.headers.acceptProfile : request.headers.contentProfile, config.exposedSchemas);
  if (request.target.kind === 'root') {
    if (!isRead) throw new PostgrestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    return { kind: 'openapi', schema: schemaName };
  }
  const media = negotiateMedia(request.headers.accept, config.isPlanEnabled === true);
  if (media.kind === 'openapi') throw new PostgrestError(406, 'PGRST107', `None of these media types are available: ${request.headers.accept}`);
  const prefs = parsePrefer(request.headers.prefer);
  const query = parseQuery(request.search);
  const ctx: BuildContext = { schema, params: new Params(), query, conditions: new Map(), usedPaths: new Set(), aliasCount: 0 };
  const base = { method, schemaName, media, prefs, query, ctx, config, request };
  if (request.target.kind === 'rpc') {
    if (!isRead && method !== 'POST') throw new PostgrestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
    return planRpc(base, request.target.name);
  }
  const relation = schema.relation(schemaName, request.target.name);
  if (!relation) throw tableNotFound(schemaName, request.target.name);
  if (isRead) return planRead(base, relation);
  if (method === 'POST' || method === 'PATCH' || method === 'DELETE') return planWrite(base, relation);
  throw new PostgrestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

export interface PlanBase {
  method: string;
  schemaName: string;
  media: Media;
  prefs: Preferences;
  query: ParsedQuery;
  ctx: BuildContext;
  config: ApiConfig;
  request: ApiRequest;
}

/** Filters and logic trees per path, compiled (PGRST100 on bad syntax). */
export function compileConditions(base: PlanBase, filters: RawFilter[]): void {
  const { ctx, query } = base;
  for (const raw of filters) {
    const key = pathKey(raw.path);
    ctx.conditions.set(key, [...(ctx.conditions.get(key) ?? []), compileFilter(raw)]);
  }
  for (const [key, options] of query.options) {
    if (options.trees.length) ctx.conditions.set(key, [...(ctx.conditions.get(key) ?? []), ...options.trees]);
  }
}

/** Rejects filters, order or limits addressed to embeds that are not in `select` (PGRST108). */
export function checkPaths(base: PlanBase): void {
  const paths = [...base.ctx.conditions.keys(), ...[...base.query.options.entries()].filter(([, o]) => o.order || o.limit !== null || o.offset !== null).map(([k]) => k)];
  for (const key of paths) {
    if (base.ctx.usedPaths.has(key)) continue;
    const name = key.split('\u0000').pop() as string;
    throw new PostgrestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`);
  }
}

/** Offset and limit from limit/offset, the Range header and max rows together. */
function pageOf(base: PlanBase): { offset: number; limit: number | null } {
  const options = optionsAt(base.query, []);
  let lower = options.offset ?? 0;
  let upper = options.limit === null ? Infinity : lower + options.limit - 1;
  const range = READ_METHODS.has(base.method) ? parseRange(base.request.headers.range) : null;
  if (range) {
    lower = Math.max(lower, range.offset);
    upper = Math.min(upper, range.last ?? Infinity);
  }
  if (base.config.maxRows !== null) upper = Math.min(upper, lower + base.config.maxRows - 1);
  return { offset: lower, limit: upper === Infinity ? null : Math.max(0, upper - lower + 1) };
}

export function statement(base: PlanBase, parts: { sql: string; countSql: string | null; isReadOnly: boolean; presentation: Presentation }): StatementPlan {
  const { prefs, media, config } = base;
  const plannedCount = prefs.count === 'planned' || prefs.count === 'estimated' ? prefs.count : null;
  return {
    kind: 'statement',
    schema: base.schemaName,
    isReadOnly: parts.isReadOnly,
    sql: parts.sql,
    args: base.ctx.params.values,
    isSingle: media.kind === 'object',
    maxAffected: prefs.handling === 'strict' ? prefs.maxAffected : null,
    isRollback: prefs.tx === 'rollback' || (media.kind === 'plan' && media.options.includes('analyze') && !parts.isReadOnly),
    countMode: parts.countSql !== null ? plannedCount : null,
    countSql: plannedCount ? parts.countSql : null,
    countThreshold: config.maxRows,
    explain: media.kind === 'plan' ? [`format ${media.format}`, ...media.options].join(', ') : null,
    presentation: parts.presentation,
  };
}

/** What the envelope shapes the rows into, given the representation asked for. */
function representation(media: Media): Media {
  return media.kind === 'plan' ? (media.target === 'csv' ? { kind: 'csv' } : { kind: media.target, stripNulls: false }) : media;
}

function planRead(base: PlanBase, relation: Relation): StatementPlan {
  compileConditions(base, base.query.filters);
  const page = pageOf(base);
  const root = { relation, alias: relation.name, from: `${schemaTable(relation)} as ${q(relation.name)}`, items: base.query.select, path: [], where: [] };
  const rows = buildLevel(base.ctx, { ...root, limit: page.limit, offset: page.offset });
  checkPaths(base);
  const counted = base.prefs.count !== null;
  const countSql = counted ? buildLevel(base.ctx, { ...root, isCount: true }).sql : null;
  const isHead = base.method === 'HEAD';
  const sql = envelopeSql(rows.sql, isHead ? 'none' : 'rows', representation(base.media), base.prefs.count === 'exact' ? countSql : null);
  return statement(base, { sql, countSql, isReadOnly: true, presentation: presentation(base, 'read', page.offset, !isHead, false) });
}

export function presentation(base: PlanBase, action: Presentation['action'], offset: number, hasBody: boolean, isVoid: boolean): Presentation {
  const applied: string[] = [];
  const { prefs } = base;
  // In PostgREST's order.
  if (prefs.resolution && action === 'insert') applied.push(`resolution=${prefs.resolution}`);
  if (prefs.missing && action === 'insert') applied.push(`missing=${prefs.missing}`);
  if (prefs.return && action !== 'read' && action !== 'rpc') applied.push(`return=${prefs.return}`);
  if (prefs.count) applied.push(`count=${prefs.count}`);
  if (prefs.tx) applied.push(`tx=${prefs.tx}`);
  if (prefs.handling) applied.push(`handling=${prefs.handling}`);
  if (prefs.maxAffected !== null && prefs.handling === 'strict') applied.push(`max-affected=${prefs.maxAffected}`);
  return { action, media: base.media, offset, hasBody, isVoid, isCountRequested: prefs.count !== null, preferenceApplied: applied };
}

const schemaTable = (r: Relation) => `${q(r.schema)}.${q(r.name)}`;

function planRpc(base: PlanBase, name: string): StatementPlan {
  const { ctx, method, prefs, request } = base;
  const isPost = method === 'POST';
  const args = rpcArguments(method, request.headers.contentType, request.body, base.query.filters);
  const choice = chooseFunction(ctx.schema, base.schemaName, name, { source: args.source, keys: args.keys, isSingleObject: isPost && prefs.params === 'single-object' });
  const { fn } = choice;
  // The call is a CTE: the rows and the count read it, the function runs once.
  const cte = callSql(choice, args, ctx.params);
  const from = `"pgrst_source" as ${q(fn.name)}`;
  compileConditions(base, args.filters);
  const page = pageOf(base);
  const isHead = method === 'HEAD';
  const isReadOnly = !isPost;
  const exactCount = prefs.count === 'exact';
  // Planned and estimated counts run on their own, so their statement carries the CTE too.
  const standalone = (countSql: string | null) => (countSql === null ? null : `with "pgrst_source" as (${cte}) ${countSql}`);
  if (fn.returnKind !== 'composite') {
    const shape: Shape = isHead || fn.returnKind === 'void' ? 'none' : fn.isSetof ? 'setof-scalar' : 'scalar';
    const limit = fn.isSetof && page.limit !== null ? ` limit ${ctx.params.add(String(page.limit), 'bigint')}` : '';
    const offset = fn.isSetof && page.offset > 0 ? ` offset ${ctx.params.add(String(page.offset), 'bigint')}` : '';
    const countSql = prefs.count !== null ? `select 1 from ${from}` : null;
    const sql = envelopeSql(`select "pgrst_call" from ${from}${limit}${offset}`, shape, representation(base.media), exactCount ? countSql : null, cte);
    return statement(base, { sql, countSql: standalone(countSql), isReadOnly, presentation: presentation(base, 'rpc', page.offset, !isHead && fn.returnKind !== 'void', fn.returnKind === 'void') });
  }
  const relation = resultRelation(ctx.schema, fn);
  const root = { relation, alias: fn.name, from, items: base.query.select, path: [], where: [] };
  const paging = fn.isSetof ? { limit: page.limit, offset: page.offset } : { limit: null, offset: null };
  const rows = buildLevel(ctx, { ...root, ...paging });
  checkPaths(base);
  const countSql = prefs.count !== null ? buildLevel(ctx, { ...root, isCount: true }).sql : null;
  const shape: Shape = isHead ? 'none' : fn.isSetof ? 'rows' : 'object';
  const sql = envelopeSql(rows.sql, shape, representation(base.media), exactCount ? countSql : null, cte);
  return statement(base, { sql, countSql: standalone(countSql), isReadOnly, presentation: presentation(base, 'rpc', page.offset, !isHead, false) });
}
