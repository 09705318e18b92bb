/**
 * `select=` grammar: columns, `alias:col`, `col::type`, JSON paths, aggregates (`count()`,
 * `col.sum()`), embedded resources `alias:table!hint!inner(...)` and spreads `...table(...)`.
 */
import { Cursor, type FieldRef } from './cursor.ts';

export type AggregateName = 'count' | 'sum' | 'avg' | 'min' | 'max';
const AGGREGATES: readonly AggregateName[] = ['count', 'sum', 'avg', 'min', 'max'];

export interface ColumnItem {
  kind: 'column';
  field: FieldRef;
  alias: string | null;
  cast: string | null;
  aggregate: AggregateName | null;
}

export interface CountItem {
  kind: 'count';
  alias: string | null;
  cast: string | null;
}

export interface EmbedItem {
  kind: 'embed';
  name: string;
  alias: string | null;
  /** Disambiguation: a foreign key name, a column of it, or a junction table. */
  hint: string | null;
  isInner: boolean;
  isSpread: boolean;
  select: SelectItem[];
}

export type SelectItem = { kind: 'star' } | ColumnItem | CountItem | EmbedItem;

export function parseSelect(text: string): SelectItem[] {
  const cursor = new Cursor(text, 'select parameter');
  const items = parseItems(cursor);
  if (!cursor.done) throw cursor.fail('"," or end of input');
  return items;
}

function parseItems(c: Cursor): SelectItem[] {
  const items: SelectItem[] = [];
  if (c.done || c.peek(')')) return items;
  do {
    items.push(parseItem(c));
  } while (c.eat(','));
  return items;
}

function parseItem(c: Cursor): SelectItem {
  if (c.eat('*')) return { kind: 'star' };
  if (c.eat('...')) return parseEmbed(c, c.name(), null, true);
  let alias: string | null = null;
  let name = c.name();
  if (c.peek(':') && !c.peek('::')) {
    c.expect(':');
    alias = name;
    if (c.eat('...')) throw c.fail('a name (a spread takes no alias)');
    name = c.name();
  }
  if (name === 'count' && c.eat('()')) return { kind: 'count', alias, cast: parseCast(c) };
  if (c.peek('!') || c.peek('(')) return parseEmbed(c, name, alias, false);
  const field: FieldRef = { name, json: c.jsonPath() };
  let aggregate: AggregateName | null = null;
  if (c.eat('.')) {
    const fn = c.name();
    if (!(AGGREGATES as readonly string[]).includes(fn)) throw c.fail('an aggregate (count, sum, avg, min, max)');
    c.expect('()');
    aggregate = fn as AggregateName;
  }
  return { kind: 'column', field, alias, cast: parseCast(c), aggregate };
}

function parseCast(c: Cursor): string | null {
  if (!c.eat('::')) return null;
  const type = c.name();
  return c.eat('[]') ? `${type}[]` : type;
}

function parseEmbed(c: Cursor, name: string, alias: string | null, isSpread: boolean): EmbedItem {
  let hint: string | null = null;
  let isInner = false;
  while (c.eat('!')) {
    const word = c.name();
    if (word === 'inner') isInner = true;
    else if (word !== 'left') {
      if (hint !== null) throw c.fail('"(" (only one hint is allowed)');
      hint = word;
    }
  }
  c.expect('(');
  const select = parseItems(c);
  c.expect(')');
  return { kind: 'embed', name, alias, hint, isInner, isSpread, select };
}
