import { describe, expect, it } from 'vitest';
import { negotiateMedia, parseFilterValue, parseLogicTree, parseOrder, parsePrefer, parseQuery, parseRange, parseSelect } from '../src/index.ts';
import { pgrstError } from './fixtures.ts';


describe('select grammar', () => {
  it('reads columns, aliases, casts, JSON paths and aggregates', () => {
    expect(parseSelect('id,heading:title,views::text,data->a->>b,total:views.sum()::int,count()')).toEqual([
      { kind: 'column', field: { name: 'id', json: [] }, alias: null, cast: null, aggregate: null },
      { kind: 'column', field: { name: 'title', json: [] }, alias: 'heading', cast: null, aggregate: null },
      { kind: 'column', field: { name: 'views', json: [] }, alias: null, cast: 'text', aggregate: null },
      { kind: 'column', field: { name: 'data', json: [{ op: '->', key: 'a' }, { op: '->>', key: 'b' }] }, alias: null, cast: null, aggregate: null },
      { kind: 'column', field: { name: 'views', json: [] }, alias: 'total', cast: 'int', aggregate: 'sum' },
      { kind: 'count', alias: null, cast: null },
    ]);
  });

  it('reads embeds with hints, !inner, spreads and nesting', () => {
    expect(parseSelect('*,author:authors!posts_author_id_fkey!inner(name,...profiles(site)),tags()')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed', name: 'authors', alias: 'author', hint: 'posts_author_id_fkey', isInner: true, isSpread: false,
        select: [
          { kind: 'column', field: { name: 'name', json: [] }, alias: null, cast: null, aggregate: null },
          { kind: 'embed', name: 'profiles', alias: null, hint: null, isInner: false, isSpread: true, select: [{ kind: 'column', field: { name: 'site', json: [] }, alias: null, cast: null, aggregate: null }] },
        ],
      },
      { kind: 'embed', name: 'tags', alias: null, hint: null, isInner: false, isSpread: false, select: [] },
    ]);
  });

  it('takes quoted names and negative array indexes', () => {
    expect(parseSelect('"my col","a,b":x,data->-1')).toMatchObject([
      { field: { name: 'my col' } }, { field: { name: 'x' }, alias: 'a,b' }, { field: { name: 'data', json: [{ op: '->', key: '-1' }] } },
    ]);
  });

  it.each(['id,', 'id,(', 'authors(name', 'id.median()', 'a:b:c', '"unterminated', 'x!a!b(*)'])('rejects %s with PGRST100', (text) => {
    const error = pgrstError(() => parseSelect(text));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST100');
    expect(error.message).toContain('failed to parse select parameter');
  });
});

describe('filters, logic trees and order', () => {
  const field = { name: 'x', json: [] };
  it('reads operators, negation, modifiers and lists', () => {
    expect(parseFilterValue(field, 'not.in.(1,"a,b",)')).toMatchObject({ isNegated: true, op: 'in', list: ['1', 'a,b', ''] });
    expect(parseFilterValue(field, 'like(any).{a*,b*}')).toMatchObject({ op: 'like', quantifier: 'any', list: ['a*', 'b*'] });
    expect(parseFilterValue(field, 'fts(english).cat & dog')).toMatchObject({ op: 'fts', ftsConfig: 'english', value: 'cat & dog' });
    expect(parseFilterValue(field, 'eq.a.b.c')).toMatchObject({ op: 'eq', value: 'a.b.c' });
    expect(parseFilterValue(field, 'is.NULL')).toMatchObject({ op: 'is', value: 'null' });
  });

  it.each(['1', 'eqq.1', 'is.maybe', 'in.1,2', 'in.(1,2', 'like(some).{a}', 'not.'])('rejects filter %s with PGRST100', (value) => {
    expect(pgrstError(() => parseFilterValue(field, value)).code).toBe('PGRST100');
  });

  it('reads nested logic trees with quoted values', () => {
    const tree = parseLogicTree('or', false, '(a.eq.1,not.and(b.gt.2,c.in.(3,4)),d.eq."x,y)",e->>f.is.null)');
    expect(tree.children).toHaveLength(4);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', isNegated: true });
    expect(tree.children[2]).toMatchObject({ value: 'x,y)' });
    expect(tree.children[3]).toMatchObject({ field: { name: 'e', json: [{ op: '->>', key: 'f' }] }, op: 'is' });
    expect(pgrstError(() => parseLogicTree('or', false, 'a.eq.1')).code).toBe('PGRST100');
    expect(pgrstError(() => parseLogicTree('or', false, '(a.eq.1')).code).toBe('PGRST100');
  });

  it('reads order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c->>d.asc')).toEqual([
      { field: { name: 'a', json: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', json: [] }, direction: null, nulls: null },
      { field: { name: 'c', json: [{ op: '->>', key: 'd' }] }, direction: 'asc', nulls: null },
    ]);
    expect(pgrstError(() => parseOrder('a.sideways')).code).toBe('PGRST100');
  });

  it('splits the query string by embed path', () => {
    const q = parseQuery('select=id,authors(name)&id=gt.1&authors.name=eq.x&authors.order=name&authors.limit=2&or=(id.eq.1)&authors.not.or=(name.eq.y)&limit=5');
    expect(q.filters).toEqual([{ path: [], field: { name: 'id', json: [] }, value: 'gt.1' }, { path: ['authors'], field: { name: 'name', json: [] }, value: 'eq.x' }]);
    expect(q.options.get('')).toMatchObject({ limit: 5, trees: [{ op: 'or' }] });
    expect(q.options.get('authors')).toMatchObject({ limit: 2, order: [{ field: { name: 'name' } }], trees: [{ op: 'or', isNegated: true }] });
    expect(pgrstError(() => parseQuery('limit=-1')).code).toBe('PGRST100');
  });
});

describe('headers', () => {
  it('reads Prefer and rejects unknown preferences only when strict', () => {
    expect(parsePrefer('return=representation, count=exact,missing=default, tx=rollback')).toMatchObject({ return: 'representation', count: 'exact', missing: 'default', tx: 'rollback' });
    expect(parsePrefer('foo, handling=lenient').invalid).toEqual(['foo']);
    expect(pgrstError(() => parsePrefer('handling=strict, foo')).code).toBe('PGRST122');
  });

  it('negotiates media types', () => {
    expect(negotiateMedia(undefined)).toEqual({ kind: 'json', stripNulls: false });
    expect(negotiateMedia('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({ kind: 'object', stripNulls: true });
    expect(negotiateMedia('text/html;q=0.9, text/csv')).toEqual({ kind: 'csv' });
    expect(negotiateMedia('application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|buffers|drop table', true)).toEqual({ kind: 'plan', format: 'json', options: ['analyze', 'buffers'], target: 'object' });
    // Plans are off unless the project enables them: another acceptable type is used, else 406 naming the plan.
    expect(negotiateMedia('application/vnd.pgrst.plan+text, application/json;q=0.5')).toEqual({ kind: 'json', stripNulls: false });
    expect(pgrstError(() => negotiateMedia('application/vnd.pgrst.plan+text; for="application/json"; options=;'))).toMatchObject({
      status: 406, code: 'PGRST107', message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
    });
    expect(pgrstError(() => negotiateMedia('application/geo+json')).code).toBe('PGRST107');
  });

  it('reads Range', () => {
    expect(parseRange('0-9')).toEqual({ offset: 0, last: 9 });
    expect(parseRange('5-')).toEqual({ offset: 5, last: null });
    expect(parseRange('junk')).toBeNull();
    expect(pgrstError(() => parseRange('9-2')).status).toBe(416);
  });
});
