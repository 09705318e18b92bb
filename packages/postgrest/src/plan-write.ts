/** POST (insert, upsert), PATCH (update) and DELETE on a table or view. */
import { contentTypeNotAcceptable, PostgrestError } from './errors.ts';
import { quoteIdent as q } from './ident.ts';
import { pathKey } from './parse/query.ts';
import { checkPaths, compileConditions, presentation, statement, type PlanBase, type StatementPlan } from './plan.ts';
import type { Relation } from './schema.ts';
import { conditionSql, type Scope } from './sql/conditions.ts';
import { envelopeSql } from './sql/envelope.ts';
import { buildLevel } from './sql/read.ts';
import { UPSERT_STATUS_SQL, writeSql } from './sql/write.ts';

/** The columns a body writes: `?columns=` when given, else the keys of the (first) object. */
function bodyColumns(base: PlanBase, text: string, method: string): string[] {
  if (base.query.columns) return base.query.columns;
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
  const contentType = (base.request.headers.contentType ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (kind !== 'delete' && contentType !== 'application/json' && contentType !== '') throw contentTypeNotAcceptable(contentType);
  const body = typeof base.request.body === 'string' ? base.request.body : undefined;
  if (kind !== 'delete' && (body === undefined || body.trim() === '')) {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  }
  const columns = kind === 'delete' ? [] : bodyColumns(base, body ?? '', method);
  compileConditions(base, query.filters);
  const alias = relation.name;
  // Root filters restrict the rows written; filters on embeds shape the representation.
  const rootKey = pathKey([]);
  const scope: Scope = { relation, alias, embeds: new Map(), schema: ctx.schema };
  const where = kind === 'insert' ? [] : (ctx.conditions.get(rootKey) ?? []).map((c) => conditionSql(scope, c, ctx.params));
  ctx.conditions.delete(rootKey);
  ctx.usedPaths.add(rootKey);
  const isRepresentation = prefs.return === 'representation';
  // Without conflict columns (no primary key, no on_conflict) the resolution is ignored, as PostgREST does.
  const conflict = query.onConflict ?? relation.primaryKey;
  const upsert = kind === 'insert' && prefs.resolution && conflict.length > 0 ? { columns: conflict, resolution: prefs.resolution } : null;
  const cte = writeSql({
    relation, alias, kind, body: body ?? null, columns, upsert,
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
  // A merge upsert that inserted no row answers 200 (all were updated), as PostgREST decides per request.
  const status = upsert?.resolution === 'merge-duplicates' ? UPSERT_STATUS_SQL : null;
  const sql = envelopeSql(rowsSql, isRepresentation ? 'rows' : 'none', media, null, cte, status);
  const shown = presentation(base, kind, 0, isRepresentation, false);
  const applied = upsert ? shown.preferenceApplied : shown.preferenceApplied.filter((p) => !p.startsWith('resolution='));
  return statement(base, { sql, countSql: null, isReadOnly: false, presentation: { ...shown, preferenceApplied: applied } });
}
