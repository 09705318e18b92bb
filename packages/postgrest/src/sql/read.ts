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
import type { EmbedItem, SelectItem } from '../parse/select.ts';
import type { Relation, SchemaIndex } from '../schema.ts';
import { conditionSql, fieldSql, type Scope } from './conditions.ts';
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
}

export interface LevelSql {
  sql: string;
  /** Output column names, in order (used to spread a to-one embed into its parent). */
  outputs: string[];
}

interface Joined {
  item: EmbedItem;
  key: string;
  alias: string;
  isToOne: boolean;
  outputs: string[];
  join: string;
  /** SQL that is null when the parent row has nothing embedded. */
  presence: string;
}

export function buildLevel(ctx: BuildContext, level: Level): LevelSql {
  ctx.usedPaths.add(pathKey(level.path));
  const joined = level.items.filter((i): i is EmbedItem => i.kind === 'embed').map((item) => joinEmbed(ctx, level, item));
  const scope: Scope = { relation: level.relation, alias: level.alias, embeds: new Map(joined.map((j) => [j.key, j.presence])) };
  const conditions = (ctx.conditions.get(pathKey(level.path)) ?? []).map((c) => conditionSql(scope, c, ctx.params));
  const where = [...level.where, ...conditions, ...joined.filter((j) => j.item.isInner).map((j) => `${j.presence} is not null`)];

  const columns: string[] = level.withPresence ? ['true as "pgrst_present"'] : [];
  const outputs: string[] = [];
  const grouped: number[] = [];
  let hasAggregate = false;
  for (const raw of level.items) {
    const item = asCount(raw, level.relation);
    if (item.kind === 'star') {
      columns.push(`${q(level.alias)}.*`);
      outputs.push(...level.relation.columns.map((c) => c.name));
    } else if (item.kind === 'count') {
      hasAggregate = true;
      columns.push(`count(*)${item.cast ? `::${castType(item.cast)}` : ''} as ${q(item.alias ?? 'count')}`);
      outputs.push(item.alias ?? 'count');
    } else if (item.kind === 'column') {
      const field = fieldSql(scope, item.field, ctx.params).sql;
      const name = item.alias ?? (item.aggregate ?? defaultFieldName(item.field));
      const value = item.aggregate ? `${item.aggregate}(${field})` : field;
      if (item.aggregate) hasAggregate = true;
      else grouped.push(columns.length + 1);
      columns.push(`${value}${item.cast ? `::${castType(item.cast)}` : ''} as ${q(name)}`);
      outputs.push(name);
    } else {
      const j = joined.find((x) => x.item === item) as Joined;
      if (item.select.length === 0) continue; // an empty embed only filters
      if (item.isSpread) {
        for (const out of j.outputs) {
          columns.push(`${q(j.alias)}.${q(out)} as ${q(out)}`);
          outputs.push(out);
        }
      } else {
        columns.push(`${j.isToOne ? `${q(j.alias)}."body"` : `coalesce(${q(j.alias)}."body", '[]')`} as ${q(j.key)}`);
        outputs.push(j.key);
      }
    }
  }
  if (level.isCount && !hasAggregate) {
    const joins = joined.filter((j) => j.item.isInner || usesPresence(where, j)).map((j) => j.join);
    return { sql: `select 1 from ${level.from}${joins.map((j) => ` ${j}`).join('')}${whereSql(where)}`, outputs: [] };
  }
  let sql = `select ${columns.join(', ')} from ${level.from}${joined.map((j) => ` ${j.join}`).join('')}${whereSql(where)}`;
  if (hasAggregate && grouped.length > 0) sql += ` group by ${grouped.join(', ')}`;
  if (level.isCount) return { sql, outputs };
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
  return { sql, outputs };
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
  if (item.isSpread && !toOne) {
    throw new PostgrestError(400, 'PGRST119', `A spread operation on '${item.name}' is not possible`, `'${parent.relation.name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`);
  }
  const n = ++ctx.aliasCount;
  const childAlias = `${rel.target.name}_${n}`;
  const key = item.alias ?? item.name;
  const where: string[] = [];
  let from = `${qualified(rel.target.schema, rel.target.name)} as ${q(childAlias)}`;
  if (rel.junction) {
    const junctionAlias = `${rel.junction.relation.name}_j${n}`;
    const on = rel.junction.targetPairs.map(([jc, tc]) => `${q(junctionAlias)}.${q(jc)} = ${q(childAlias)}.${q(tc)}`);
    from += ` join ${qualified(rel.junction.relation.schema, rel.junction.relation.name)} as ${q(junctionAlias)} on ${on.join(' and ')}`;
    where.push(...rel.junction.sourcePairs.map(([jc, sc]) => `${q(junctionAlias)}.${q(jc)} = ${q(parent.alias)}.${q(sc)}`));
  } else {
    where.push(...rel.pairs.map(([sc, tc]) => `${q(childAlias)}.${q(tc)} = ${q(parent.alias)}.${q(sc)}`));
  }
  const child: Level = { relation: rel.target, alias: childAlias, from, items: item.select, path: [...parent.path, key], where, withPresence: item.isSpread };
  const built = buildLevel(ctx, child);
  const alias = `pgrst_e${n}`;
  if (item.isSpread) {
    const sql = ctx.isOrderKept ? `select * from (${built.sql}) as "pgrst_s${n}" offset 0` : built.sql;
    return { item, key, alias, isToOne: true, outputs: built.outputs, join: `left join lateral (${sql}) as ${q(alias)} on true`, presence: `${q(alias)}."pgrst_present"` };
  }
  const rows = q(`pgrst_r${n}`);
  const body = toOne ? `row_to_json(${rows})` : `json_agg(${rows})`;
  const fence = ctx.isOrderKept && toOne ? ' offset 0' : '';
  const join = `left join lateral (select ${body} as "body" from (${built.sql}) as ${rows}${fence}) as ${q(alias)} on true`;
  return { item, key, alias, isToOne: toOne, outputs: [], join, presence: `${q(alias)}."body"` };
}
