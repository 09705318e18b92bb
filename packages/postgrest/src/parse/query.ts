/**
 * The query string, split by meaning: select, columns, on_conflict, and per embed path its filters,
 * order, limit and offset (`order`, `author.order`, `author.posts.limit` ...). Filter values stay raw
 * until the planner knows whether a parameter is a filter or (for GET /rpc) a function argument.
 */
import { Cursor, type FieldRef } from './cursor.ts';
import { parseFilterValue, parseLogicTree, parseOrder, type Condition, type OrderTerm } from './filter.ts';
import { parseSelect, type SelectItem } from './select.ts';
import { parseError } from '../errors.ts';

export interface RawFilter {
  path: string[];
  field: FieldRef;
  value: string;
}

export interface PathOptions {
  order: OrderTerm[] | null;
  limit: number | null;
  offset: number | null;
  /** Logic trees (`or=`, `and=`) at this path; plain filters are kept raw in `filters`. */
  trees: Condition[];
}

export interface ParsedQuery {
  select: SelectItem[];
  columns: string[] | null;
  onConflict: string[] | null;
  filters: RawFilter[];
  /** Keyed by `pathKey(path)`; the root is ''. */
  options: Map<string, PathOptions>;
}

export const pathKey = (path: string[]) => path.join('\u0000');

export function optionsAt(query: ParsedQuery, path: string[]): PathOptions {
  return query.options.get(pathKey(path)) ?? { order: null, limit: null, offset: null, trees: [] };
}

function nonNegativeInteger(what: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw parseError(what, value, 'expecting a non-negative integer');
  return Number(value);
}

/** `"a","b"` or `a,b`: the `columns` and `on_conflict` lists. */
export function parseNameList(what: string, text: string): string[] {
  const c = new Cursor(text, what);
  const names: string[] = [];
  do {
    names.push(c.name());
  } while (c.eat(','));
  if (!c.done) throw c.fail('"," or end of input');
  return names;
}

export function parseQuery(search: string): ParsedQuery {
  const query: ParsedQuery = { select: [{ kind: 'star' }], columns: null, onConflict: null, filters: [], options: new Map() };
  const at = (path: string[]) => {
    const k = pathKey(path);
    let options = query.options.get(k);
    if (!options) query.options.set(k, (options = { order: null, limit: null, offset: null, trees: [] }));
    return options;
  };
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === 'select') {
      query.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      query.columns = parseNameList('columns', value);
      continue;
    }
    if (key === 'on_conflict') {
      query.onConflict = parseNameList('on_conflict', value);
      continue;
    }
    const c = new Cursor(key, 'filter');
    const segments = [c.name()];
    while (c.eat('.')) segments.push(c.name());
    const json = c.jsonPath();
    if (!c.done) throw c.fail('"." or end of input');
    const last = segments[segments.length - 1];
    const negatedLogic = segments.length >= 2 && segments[segments.length - 2] === 'not' && (last === 'or' || last === 'and');
    if (json.length === 0 && (last === 'or' || last === 'and')) {
      const path = segments.slice(0, negatedLogic ? -2 : -1);
      at(path).trees.push(parseLogicTree(last, negatedLogic, value));
    } else if (json.length === 0 && last === 'order') {
      at(segments.slice(0, -1)).order = parseOrder(value);
    } else if (json.length === 0 && (last === 'limit' || last === 'offset')) {
      at(segments.slice(0, -1))[last] = nonNegativeInteger(last, value);
    } else {
      query.filters.push({ path: segments.slice(0, -1), field: { name: last, json }, value });
    }
  }
  return query;
}

/** A raw filter's value parsed (errors are PGRST100). */
export function compileFilter(raw: RawFilter): Condition {
  return parseFilterValue(raw.field, raw.value);
}
