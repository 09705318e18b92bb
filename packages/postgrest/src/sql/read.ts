/**
 * One level of a read (the root or an embedded resource) as a SELECT producing rows with named
 * columns. Embedded resources are LEFT JOIN LATERAL subqueries that aggregate their rows to JSON, so
 * the whole response is built by the database in one statement.
 */
import { PostgrestError } from '../errors.ts';
import { castType, qualified, quoteIdent as q } from '../ident.ts';
import type { Params } from '../params.ts';
import { defaultFieldName } from '../parse/cursor.ts';
import type { Condition } from '../parse/filter.ts';
import { optionsAt, pathKey, type ParsedQuery } from '../parse/query.ts';
import type { AggregateName, EmbedItem, SelectItem } from '../parse/select.ts';
import type { Relation, SchemaIndex } from '../schema.ts';
import { conditionSql, fieldSql, wholeRow, type Scope } from './conditions.ts';
import { isToOne, resolveRelationship } from './relationships.ts';

export interface BuildContext {
  schema: SchemaIndex;
  params: Params;
  query: ParsedQuery;
  /** Compiled filters by path key (plain filters and logic trees together). */
  conditions: Map<string, Condition[]>;
  /** Paths that exist as embedded resources in `select`, to reject filters on others (PGRST108). */
  usedPaths: Set<string>;
  aliasCount: number;
  /**
   * Writes: keep the rows in the order the statement returned them. A to-one embed is otherwise a
   * plain join the planner may turn into a hash join that reorders them; OFFSET 0 keeps it a
   * per-row lateral lookup.
   */
  isOrderKept?: boolean;
}

export interface Level {
  relation: Relation;
  alias: string;
  /** FROM clause content, aliased as `alias`. */
  from: string;
  items: SelectItem[];
  path: string[];
  /** Extra conditions, e.g. the join to the parent row. */
  where: string[];
  /** Root only: limit and offset decided by the caller (range, max rows). */
  limit?: number | null;
  offset?: number | null;
  /** Count form: no order or paging, no output columns (unless grouped), only the joins that filter. */
  isCount?: boolean;
  /** Spread embeds: a leading non-null column, so the parent can tell "no row" from "all nulls". */
  withPresence?: boolean;
  /** Inside a to-many spread, whose columns become arrays: spreads nested here join row by row. */
  isFlattened?: boolean;
  /**
   * A to-one spread: its columns count as the parent's, so its aggregates are applied by the parent
   * (grouped by the parent's columns), not to its own single row.
   */
  isHoisting?: boolean;
}

/** An aggregate a spread leaves to its parent: applied to one of its output columns. */
export interface Hoisted {
  name: string;
  aggregate: AggregateName | 'count';
  cast: string | null;
}

export interface LevelSql {
  sql: string;
  /** Output column names, in order (used to spread a to-one embed into its parent). */
  outputs: string[];
  /** Output columns the parent aggregates, by output name. */
  hoisted: Map<string, Hoisted>;
  /** Output columns holding embedded JSON (grouped as jsonb when the parent aggregates). */
  json: Set<string>;
}

/** A column an embed adds to its parent's select list; JSON ones are grouped as jsonb in aggregates. */
interface EmbedColumn {
  name: string;
  sql: string;
  isJson: boolean;
  hoisted?: Hoisted;
}

interface SelectList {
  columns: string[];
  outputs: string[];
  /** 1-based positions of the grouping columns. */
  grouped: number[];
  hasAggregate: boolean;
  hoisted: Map<string, Hoisted>;
  json: Set<string>;
}

interface Joined {
  item: EmbedItem;
  key: string;
  columns: EmbedColumn[];
  join: string;
  /** SQL that is null when the parent row has nothing embedded. */
  presence: string;
}

export function buildLevel(ctx: BuildContext, level: Level): LevelSql {
  ctx.usedPaths.add(pathKey(level.path));
  const joined = level.items.filter((i): i is EmbedItem => i.kind === 'embed').map((item) => joinEmbed(ctx, level, item));
  checkDistinctNames(level, joined);
  const scope: Scope = { relation: level.relation, alias: level.alias, embeds: new Map(joined.map((j) => [j.key, j.presence])), schema: ctx.schema };
  const conditions = (ctx.conditions.get(pathKey(level.path)) ?? []).map((c) => conditionSql(scope, c, ctx.params));
  const where = [...level.where, ...conditions, ...joined.filter((j) => j.item.isInner).map((j) => `${j.presence} is not null`)];

  const { columns, outputs, grouped, hasAggregate, hoisted, json } = selectList(ctx, level, scope, joined);
  if (level.isCount && !hasAggregate) {
    const joins = joined.filter((j) => j.item.isInner || usesPresence(where, j)).map((j) => j.join);
    return { sql: `select 1 from ${level.from}${joins.map((j) => ` ${j}`).join('')}${whereSql(where)}`, outputs: [], hoisted, json };
  }
  let sql = `select ${columns.join(', ')} from ${level.from}${joined.map((j) => ` ${j.join}`).join('')}${whereSql(where)}`;
  if (hasAggregate && grouped.length > 0) sql += ` group by ${grouped.join(', ')}`;
  if (level.isCount) return { sql, outputs, hoisted, json };
  const options = optionsAt(ctx.query, level.path);
  if (options.order?.length) {
    const terms = options.order.map((term) => {
      const field = fieldSql(scope, term.field, ctx.params).sql;
      return `${field}${term.direction ? ` ${term.direction}` : ''}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
    });
    sql += ` order by ${terms.join(', ')}`;
  }
  const limit = level.limit !== undefined ? level.limit : options.limit;
  const offset = level.offset !== undefined ? level.offset : options.offset;
  if (limit !== null) sql += ` limit ${ctx.params.add(String(limit), 'bigint')}`;
  if (offset !== null && offset > 0) sql += ` offset ${ctx.params.add(String(offset), 'bigint')}`;
  return { sql, outputs, hoisted, json };
}

/**
 * The level's output columns. With an aggregate, every other column groups the rows; a hoisting
 * level outputs its aggregates' inputs under hidden names for the parent to aggregate instead.
 */
function selectList(ctx: BuildContext, level: Level, scope: Scope, joined: Joined[]): SelectList {
  const items = level.items.map((raw) => asCount(raw, level.relation));
  const embedColumns = new Map(joined.map((j) => [j.item as SelectItem, j.columns]));
  const isHoisting = !!level.isHoisting;
  const hasAggregate = !isHoisting && (items.some((i) => i.kind === 'count' || (i.kind === 'column' && i.aggregate !== null))
    || joined.some((j) => j.columns.some((c) => c.hoisted)));
  const list: SelectList = { columns: level.withPresence ? ['true as "pgrst_present"'] : [], outputs: [], grouped: [], hasAggregate, hoisted: new Map(), json: new Set() };
  const add = (sql: string, name: string, isGrouped: boolean) => {
    if (isGrouped) list.grouped.push(list.columns.length + 1);
    list.columns.push(`${sql} as ${q(name)}`);
    list.outputs.push(name);
  };
  const aggregate = (sql: string, h: Hoisted) => {
    if (!isHoisting) return add(`${h.aggregate}(${sql})${h.cast ? `::${castType(h.cast)}` : ''}`, h.name, false);
    const hidden = `pgrst_agg_${list.hoisted.size + 1}`;
    list.hoisted.set(hidden, h);
    add(sql, hidden, false);
  };
  for (const item of items) {
    if (item.kind === 'star' && hasAggregate) {
      for (const c of level.relation.columns) add(`${q(level.alias)}.${q(c.name)}`, c.name, true);
    } else if (item.kind === 'star') {
      list.columns.push(`${q(level.alias)}.*`);
      list.outputs.push(...level.relation.columns.map((c) => c.name));
    } else if (item.kind === 'count') {
      // Hoisted, it counts the parent's rows that have this spread's row.
      if (isHoisting) aggregate('true', { name: item.alias ?? 'count', aggregate: 'count', cast: item.cast });
      else add(`count(*)${item.cast ? `::${castType(item.cast)}` : ''}`, item.alias ?? 'count', false);
    } else if (item.kind === 'column') {
      const field = fieldSql(scope, item.field, ctx.params).sql;
      if (item.aggregate) aggregate(field, { name: item.alias ?? item.aggregate, aggregate: item.aggregate, cast: item.cast });
      else add(`${field}${item.cast ? `::${castType(item.cast)}` : ''}`, item.alias ?? defaultFieldName(item.field), true);
    } else {
      for (const c of embedColumns.get(item) ?? []) {
        // In an aggregate, embedded values group the rows too (json has no equality: compare them as jsonb).
        if (c.hoisted) aggregate(c.sql, c.hoisted);
        else add(hasAggregate && c.isJson ? `(${c.sql})::jsonb` : c.sql, c.name, true);
        if (c.isJson) list.json.add(c.name);
      }
    }
  }
  return list;
}

/**
 * PostgREST names each embed's subquery `{parent}_{name or alias}_{depth}`, so the same name twice at
 * one level is PostgreSQL's 42712 there; answer the same instead of letting one silently replace the other.
 */
function checkDistinctNames(level: Level, joined: Joined[]): void {
  const seen = new Set<string>();
  for (const j of joined) {
    const name = `${level.relation.name}_${j.key}_${level.path.length + 1}`;
    if (seen.has(name)) throw new PostgrestError(400, '42712', `table name "${name}" specified more than once`);
    seen.add(name);
  }
}

/** `comments(count)`: the older spelling of `count()`, unless the table really has a column "count". */
function asCount(item: SelectItem, relation: Relation): SelectItem {
  const isBareCount = item.kind === 'column' && item.field.name === 'count' && item.field.json.length === 0 && item.aggregate === null;
  return isBareCount && !relation.columns.some((c) => c.name === 'count') ? { kind: 'count', alias: item.alias, cast: item.cast } : item;
}

const whereSql = (where: string[]) => (where.length ? ` where ${where.join(' and ')}` : '');
const usesPresence = (where: string[], j: Joined) => where.some((w) => w.includes(j.presence));

function joinEmbed(ctx: BuildContext, parent: Level, item: EmbedItem): Joined {
  const rel = resolveRelationship(ctx.schema, parent.relation, item.name, item.hint);
  const toOne = isToOne(rel);
  const n = ++ctx.aliasCount;
  const childAlias = `${rel.target.name}_${n}`;
  const key = item.alias ?? item.name;
  const where: string[] = [];
  let from = `${qualified(rel.target.schema, rel.target.name)} as ${q(childAlias)}`;
  if (rel.computed) {
    // The function is the relationship: called with the parent row, its rows are the embedded ones.
    from = `${qualified(rel.computed.schema, rel.computed.name)}(${wholeRow(parent.alias, parent.relation)}) as ${q(childAlias)}`;
  } else if (rel.junction) {
    const junctionAlias = `${rel.junction.relation.name}_j${n}`;
    const on = rel.junction.targetPairs.map(([jc, tc]) => `${q(junctionAlias)}.${q(jc)} = ${q(childAlias)}.${q(tc)}`);
    from += ` join ${qualified(rel.junction.relation.schema, rel.junction.relation.name)} as ${q(junctionAlias)} on ${on.join(' and ')}`;
    where.push(...rel.junction.sourcePairs.map(([jc, sc]) => `${q(junctionAlias)}.${q(jc)} = ${q(parent.alias)}.${q(sc)}`));
  } else {
    where.push(...rel.pairs.map(([sc, tc]) => `${q(childAlias)}.${q(tc)} = ${q(parent.alias)}.${q(sc)}`));
  }
  // A spread's rows join the parent's row by row when there is at most one, or when they become arrays
  // further up anyway; a to-many spread otherwise turns each of its columns into an array (PostgREST 13).
  const isRowSpread = item.isSpread && (toOne || !!parent.isFlattened);
  const child: Level = {
    relation: rel.target, alias: childAlias, from, items: item.select, path: [...parent.path, key], where,
    withPresence: isRowSpread, isFlattened: item.isSpread && (!toOne || !!parent.isFlattened), isHoisting: isRowSpread && !parent.isFlattened,
  };
  const built = buildLevel(ctx, child);
  const alias = q(`pgrst_e${n}`);
  const hasColumns = item.select.length > 0; // an empty embed only filters
  if (isRowSpread) {
    const sql = ctx.isOrderKept && toOne ? `select * from (${built.sql}) as "pgrst_s${n}" offset 0` : built.sql;
    const columns = hasColumns ? built.outputs.map((out) => ({ name: out, sql: `${alias}.${q(out)}`, isJson: built.json.has(out), hoisted: built.hoisted.get(out) })) : [];
    return { item, key, columns, join: `left join lateral (${sql}) as ${alias} on true`, presence: `${alias}."pgrst_present"` };
  }
  const rows = q(`pgrst_r${n}`);
  if (item.isSpread) {
    const arrays = built.outputs.map((out) => `, json_agg(${rows}.${q(out)}) as ${q(out)}`).join('');
    const columns = hasColumns ? built.outputs.map((out) => ({ name: out, sql: `coalesce(${alias}.${q(out)}, '[]')`, isJson: true })) : [];
    const join = `left join lateral (select bool_or(true) as "pgrst_present"${arrays} from (${built.sql}) as ${rows}) as ${alias} on true`;
    return { item, key, columns, join, presence: `${alias}."pgrst_present"` };
  }
  const body = toOne ? `row_to_json(${rows})` : `json_agg(${rows})`;
  const fence = ctx.isOrderKept && toOne ? ' offset 0' : '';
  const join = `left join lateral (select ${body} as "body" from (${built.sql}) as ${rows}${fence}) as ${alias} on true`;
  const value = toOne ? `${alias}."body"` : `coalesce(${alias}."body", '[]')`;
  return { item, key, columns: hasColumns ? [{ name: key, sql: value, isJson: true }] : [], join, presence: `${alias}."body"` };
}
