/**
 * Filter values (`col=not.in.(1,2)`), logic trees (`or=(a.eq.1,and(b.gt.2,c.is.null))`) and
 * `order=` terms.
 */
import { Cursor, type FieldRef } from './cursor.ts';

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

const QUANTIFIABLE = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

export interface Filter {
  kind: 'filter';
  field: FieldRef;
  isNegated: boolean;
  op: Operator;
  /** `like(any).{a,b}`: the list is in `list`. */
  quantifier: 'any' | 'all' | null;
  ftsConfig: string | null;
  value: string;
  /** For `in` and quantified operators. */
  list: string[] | null;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  isNegated: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  field: FieldRef;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** The right-hand side of `field=...` at the top level: the value runs to the end, unquoted. */
export function parseFilterValue(field: FieldRef, text: string): Filter {
  const c = new Cursor(text, 'filter');
  const filter = operatorAndValue(c, field, () => {
    const value = c.text.slice(c.i);
    c.i = c.text.length;
    return value;
  });
  if (!c.done) throw c.fail('end of input');
  return filter;
}

/** `(cond,cond,...)` for `or=` / `and=` (and their `not.` forms). */
export function parseLogicTree(op: 'and' | 'or', isNegated: boolean, text: string): LogicTree {
  const c = new Cursor(text, 'logic tree');
  const tree: LogicTree = { kind: 'logic', op, isNegated, children: treeChildren(c) };
  if (!c.done) throw c.fail('end of input');
  return tree;
}

function treeChildren(c: Cursor): Condition[] {
  c.expect('(');
  const children: Condition[] = [];
  do {
    children.push(treeCondition(c));
  } while (c.eat(','));
  c.expect(')');
  return children;
}

function treeCondition(c: Cursor): Condition {
  const isNegated = c.peek('not.and(') || c.peek('not.or(') ? (c.eat('not.'), true) : false;
  for (const op of ['and', 'or'] as const) {
    if (c.peek(`${op}(`)) {
      c.eat(op);
      return { kind: 'logic', op, isNegated, children: treeChildren(c) };
    }
  }
  if (isNegated) throw c.fail('"and(" or "or("');
  const field = c.field();
  c.expect('.');
  return operatorAndValue(c, field, () => treeValue(c));
}

/** A value inside a tree: quoted, or raw up to the next `,` / `)` outside brackets. */
function treeValue(c: Cursor): string {
  if (c.peek('"')) return c.quoted();
  const start = c.i;
  let depth = 0;
  while (!c.done) {
    const ch = c.text[c.i];
    if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && depth > 0) depth--;
    else if (depth === 0 && (ch === ',' || ch === ')')) break;
    c.i++;
  }
  return c.text.slice(start, c.i);
}

function operatorAndValue(c: Cursor, field: FieldRef, readValue: () => string): Filter {
  const isNegated = c.eat('not.');
  const start = c.i;
  while (!c.done && /[a-z]/.test(c.text[c.i])) c.i++;
  const op = c.text.slice(start, c.i) as Operator;
  if (!(OPERATORS as readonly string[]).includes(op)) {
    c.i = start;
    throw c.fail(`an operator (${OPERATORS.join(', ')})`);
  }
  let quantifier: Filter['quantifier'] = null;
  let ftsConfig: string | null = null;
  if (c.eat('(')) {
    if (FTS.has(op)) ftsConfig = c.name();
    else if (QUANTIFIABLE.has(op) && (c.peek('any') || c.peek('all'))) quantifier = c.eat('any') ? 'any' : (c.eat('all'), 'all');
    else throw c.fail(FTS.has(op) ? 'a text search configuration' : '"any" or "all"');
    c.expect(')');
  }
  c.expect('.');
  const filter: Filter = { kind: 'filter', field, isNegated, op, quantifier, ftsConfig, value: '', list: null };
  if (op === 'in') {
    filter.list = list(c, '(', ')');
  } else if (quantifier) {
    filter.list = list(c, '{', '}');
  } else {
    filter.value = readValue();
    if (op === 'is' && !IS_VALUES.has(filter.value.toLowerCase())) {
      c.i -= filter.value.length;
      throw c.fail('null, not_null, true, false or unknown');
    }
    if (op === 'is') filter.value = filter.value.toLowerCase();
  }
  return filter;
}

/** `(a,"b,c")` or `{a,b}`: elements quoted, or raw up to `,` / the closing bracket. */
function list(c: Cursor, open: string, close: string): string[] {
  c.expect(open);
  const values: string[] = [];
  if (c.eat(close)) return values;
  do {
    if (c.peek('"')) {
      values.push(c.quoted());
      continue;
    }
    const start = c.i;
    while (!c.done && c.text[c.i] !== ',' && c.text[c.i] !== close) c.i++;
    values.push(c.text.slice(start, c.i));
  } while (c.eat(','));
  c.expect(close);
  return values;
}

export function parseOrder(text: string): OrderTerm[] {
  const c = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  do {
    const field = c.field();
    let direction: OrderTerm['direction'] = null;
    let nulls: OrderTerm['nulls'] = null;
    while (c.eat('.')) {
      if (!direction && !nulls && (c.peek('asc') || c.peek('desc'))) direction = c.eat('asc') ? 'asc' : (c.eat('desc'), 'desc');
      else if (!nulls && (c.peek('nullsfirst') || c.peek('nullslast'))) nulls = c.eat('nullsfirst') ? 'first' : (c.eat('nullslast'), 'last');
      else throw c.fail('asc, desc, nullsfirst or nullslast');
    }
    terms.push({ field, direction, nulls });
  } while (c.eat(','));
  if (!c.done) throw c.fail('"," or end of input');
  return terms;
}
