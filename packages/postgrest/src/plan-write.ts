/** POST (insert, upsert), PATCH (update) and DELETE on a table or view. */
import { PostgrestError } from './errors.ts';
import { quoteIdent as q } from './ident.ts';
import { pathKey } from './parse/query.ts';
import { checkPaths, compileConditions, presentation, statement, type PlanBase, type StatementPlan } from './plan.ts';
import type { Relation } from './schema.ts';
import { conditionSql, type Scope } from './sql/conditions.ts';
import { envelopeSql } from './sql/envelope.ts';
import { buildLevel } from './sql/read.ts';
import { writeSql } from './sql/write.ts';

/** The columns a body writes: `?columns=` when given, else the keys of the (first) object. */
function bodyColumns(base: PlanBase, method: string): string[] {
  if (base.query.columns) return base.query.columns;
  const text = base.request.body ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  }
  const objects = Array.isArray(parsed) ? parsed : [parsed];
  if (method === 'PATCH' && Array.isArray(parsed)) throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'A PATCH body must be one JSON object');
  if (!objects.every((o) => o !== null && typeof o === 'object' && !Array.isArray(o))) {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or an array of objects');
  }
  const keys = objects.length ? Object.keys(objects[0] as object) : [];
  for (const o of objects.slice(1)) {
    const other = Object.keys(o as object);
    if (other.length !== keys.length || !other.every((k) => keys.includes(k))) {
      throw new PostgrestError(400, 'PGRST102', 'All object keys must match');
    }
  }
  return keys;
}

export function planWrite(base: PlanBase, relation: Relation): StatementPlan {
  const { method, prefs, query, ctx } = base;
  const kind = method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : 'delete';
  if (kind !== 'delete' && (base.request.body === undefined || base.request.body.trim() === '')) {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  }
  const contentType = (base.request.headers.contentType ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (kind !== 'delete' && contentType !== 'application/json' && contentType !== '') {
    throw new PostgrestError(415, 'PGRST107', `Content-Type not acceptable: ${contentType}`);
  }
  const columns = kind === 'delete' ? [] : bodyColumns(base, method);
  compileConditions(base, query.filters);
  const alias = relation.name;
  // Root filters restrict the rows written; filters on embeds shape the representation.
  const rootKey = pathKey([]);
  const scope: Scope = { relation, alias, embeds: new Map() };
  const where = kind === 'insert' ? [] : (ctx.conditions.get(rootKey) ?? []).map((c) => conditionSql(scope, c, ctx.params));
  ctx.conditions.delete(rootKey);
  ctx.usedPaths.add(rootKey);
  const isRepresentation = prefs.return === 'representation';
  let upsert = null;
  if (kind === 'insert' && prefs.resolution) {
    const conflict = query.onConflict ?? relation.primaryKey;
    if (conflict.length === 0) throw new PostgrestError(400, 'PGRST100', `"failed to parse on_conflict ()"`, `'${relation.name}' has no primary key: name the conflict columns with on_conflict`);
    upsert = { columns: conflict, resolution: prefs.resolution };
  }
  const cte = writeSql({
    relation, alias, kind, body: base.request.body ?? null, columns, upsert,
    isMissingDefault: prefs.missing === 'default', isReturningRows: isRepresentation, where,
  }, ctx.params);
  let rowsSql = 'select 1 from "pgrst_source"';
  if (isRepresentation) {
    const level = { relation, alias, from: `"pgrst_source" as ${q(alias)}`, items: query.select, path: [], where: [], limit: null, offset: null };
    ctx.isOrderKept = true;
    rowsSql = buildLevel(ctx, level).sql;
  }
  checkPaths(base);
  const media = base.media.kind === 'plan' ? { kind: 'json' as const, stripNulls: false } : base.media;
  const sql = envelopeSql(rowsSql, isRepresentation ? 'rows' : 'none', media, null, cte);
  return statement(base, { sql, countSql: null, isReadOnly: false, presentation: presentation(base, kind, 0, isRepresentation, false) });
}
