/** Choosing and calling functions (PostgREST's rules and wording), upsert status, plans behind a setting. */
import { describe, expect, it } from 'vitest';
import { indexSchema, planRequest, presentResult, type ApiConfig, type ApiRequest, type DbFunction, type FunctionArg, type StatementPlan } from '../src/index.ts';
import { closestName } from '../src/fuzzy.ts';
import { authors, col, config, pgrstError, posts } from './fixtures.ts';

const arg = (name: string, castType: string, hasDefault = false): FunctionArg => ({ name, castType, hasDefault, isVariadic: false });
const fn = (name: string, args: FunctionArg[], extra: Partial<DbFunction> = {}): DbFunction => ({
  schema: 'public', name, args, isSetof: false, returnKind: 'scalar', returnType: 'text', returnRelation: null, returnColumns: [],
  volatility: 'volatile', description: null, ...extra,
});
const noKey = { ...authors, name: 'log', columns: [col('id', 'integer'), col('title')], primaryKey: [] };

// Overloads listed longest first: the candidates must come out in PostgREST's order, not the catalog's.
const schema = indexSchema({
  relations: [authors, posts, noKey],
  foreignKeys: [],
  functions: [
    fn('add', [arg('a', 'integer'), arg('b', 'integer', true)], { returnType: 'integer' }),
    fn('overloaded', [arg('x', 'text'), arg('y', 'integer', true)]),
    fn('overloaded', [arg('x', 'text')]),
    fn('overloaded', [arg('x', 'integer')]),
    fn('fallback', [arg('', 'json')], { returnType: 'json' }),
    fn('fallback', [arg('x', 'integer'), arg('y', 'integer')]),
    fn('fallback', []),
    fn('two_bodies', [arg('', 'json')]),
    fn('two_bodies', [arg('', 'jsonb')]),
    fn('unnamed_text', [arg('', 'text')]),
    fn('unnamed_bytea', [arg('', 'bytea')]),
    fn('unnamed_xml', [arg('', 'xml')]),
    fn('unnamed_int', [arg('', 'integer')]),
    fn('by_author', [arg('author', 'integer')], { isSetof: true, returnKind: 'composite', returnType: 'public.posts', returnRelation: { schema: 'public', name: 'posts' } }),
    fn('names', [], { isSetof: true }),
    fn('stamp', [], { returnType: 'trigger' }),
  ],
});

function plan(request: Partial<ApiRequest>, apiConfig: ApiConfig = config): StatementPlan {
  const result = planRequest({ method: 'POST', target: { kind: 'rpc', name: 'add' }, search: '', headers: {}, body: undefined, ...request }, apiConfig, schema);
  if (result.kind !== 'statement') throw new Error('expected a statement');
  return result;
}


const planError = (request: Partial<ApiRequest>) => pgrstError(() => plan(request));

const rpc = (name: string, body?: string | Uint8Array, contentType?: string, method = 'POST'): Partial<ApiRequest> => ({
  method, target: { kind: 'rpc', name }, body, headers: contentType ? { contentType } : {},
});

describe('choosing the function', () => {
  it('matches required and optional parameters by name, and calls it once through a CTE', () => {
    const p = plan(rpc('add', '{"a":1}'));
    expect(p.sql).toMatch(/^with "pgrst_source" as \(select "pgrst_call"\.\* from jsonb_to_record\(\$1\[1\]::jsonb\) as "pgrst_args"\("a" integer\), lateral "public"\."add"\("a" := "pgrst_args"\."a"\) as "pgrst_call"\) select /);
    expect(p.sql).toContain('from (select "pgrst_call" from "pgrst_source" as "add")');
    expect(plan(rpc('fallback', '{"x":1,"y":2}')).sql).toContain('"public"."fallback"("x" := "pgrst_args"."x", "y" := "pgrst_args"."y")');
  });

  it('lists ambiguous overloads as PostgREST orders them: fewest parameters, then names and types', () => {
    expect(planError(rpc('overloaded', '{"x":"1"}'))).toMatchObject({
      status: 300,
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.overloaded(x => integer), public.overloaded(x => text), public.overloaded(x => text, y => integer)',
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      details: null,
    });
    expect(planError(rpc('two_bodies', '{"a":1}')).message).toBe('Could not choose the best candidate function between: public.two_bodies( => json), public.two_bodies( => jsonb)');
  });

  it('gives the whole body to one unnamed parameter of the Content-Type, when nothing matches by name', () => {
    const json = plan(rpc('fallback', '{"A":1,"B":[2]}'));
    expect(json.sql).toContain('"public"."fallback"($1[1]::json)');
    expect(json.args[0]).toBe('{"A":1,"B":[2]}');
    expect(plan(rpc('fallback', '{}')).sql).toContain('"public"."fallback"() as "pgrst_call"');
    // supabase-js's shape for an unnamed parameter: `{"": value}` names it, and the body is the argument.
    const empty = plan(rpc('unnamed_text', '{"": "hi"}'));
    expect(empty.sql).toContain('"public"."unnamed_text"($1[1]::text)');
    expect(empty.args[0]).toBe('{"": "hi"}');
    expect(plan(rpc('unnamed_text', 'plain words', 'text/plain; charset=utf-8')).args[0]).toBe('plain words');
    expect(plan(rpc('unnamed_xml', '<a>1</a>', 'text/xml')).sql).toContain('($1[1]::xml)');
    const bytes = plan(rpc('unnamed_bytea', new Uint8Array([0, 1, 0xfe, 0xff]), 'application/octet-stream'));
    expect(bytes.sql).toContain('"public"."unnamed_bytea"($1[1]::bytea)');
    expect(bytes.args[0]).toBe('\\x0001feff');
  });

  it('reads GET parameters without an operator as arguments and the rest as filters', () => {
    const p = plan({ ...rpc('by_author', undefined, undefined, 'GET'), search: 'author=1&views=gt.60&select=title' });
    expect(p.args).toEqual(expect.arrayContaining(['{"author":"1"}', '60']));
    expect(p.sql).toContain('"by_author"."views" > $1[2]::integer');
    expect(p.isReadOnly).toBe(true);
    const form = plan(rpc('add', 'a=1&b=2', 'application/x-www-form-urlencoded'));
    expect(form.args[0]).toBe('{"a":"1","b":"2"}');
    expect(planError(rpc('add', 'a,b\n1,2', 'text/csv'))).toMatchObject({ status: 415, code: 'PGRST107' });
  });

  it('words PGRST202 as PostgREST, with a hint when a name or parameter list is close', () => {
    expect(planError(rpc('add', '{"c":1,"b":2}'))).toMatchObject({
      status: 404,
      code: 'PGRST202',
      message: 'Could not find the function public.add(b, c) in the schema cache',
      details: 'Searched for the function public.add with parameters b, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add(a, b)',
      isCacheMiss: true,
    });
    expect(planError({ ...rpc('add', undefined, undefined, 'GET'), search: 'x=1' })).toMatchObject({
      message: 'Could not find the function public.add(x) in the schema cache',
      details: 'Searched for the function public.add with parameter x, but no matches were found in the schema cache.',
    });
    expect(planError(rpc('addd', '{}'))).toMatchObject({
      message: 'Could not find the function public.addd without parameters in the schema cache',
      details: 'Searched for the function public.addd without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add',
    });
    expect(planError(rpc('zzz', '{}')).hint).toBeNull();
    expect(planError(rpc('stamp', '{}')).code).toBe('PGRST202'); // trigger functions are not callable
    // A function of one unnamed integer cannot be called through the API, so it is not offered either.
    expect(planError(rpc('unnamed_int', '{"x":1}')).hint).toBe('Perhaps you meant to call the function public.unnamed_text');
    expect(planError(rpc('add', 'text', 'text/plain'))).toMatchObject({
      message: 'Could not find the function public.add in the schema cache',
      details: 'Searched for the function public.add with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('counts a function\'s rows once, also for scalar results, and plans counts with the call', () => {
    const exact = plan({ ...rpc('names', undefined, undefined, 'HEAD'), headers: { prefer: 'count=exact' } });
    expect(exact.sql).toContain('(select count(*) from (select 1 from "pgrst_source" as "names") as "pgrst_c") as total');
    const planned = plan({ ...rpc('by_author', '{"author":1}'), headers: { prefer: 'count=planned' } });
    expect(planned.countSql).toMatch(/^with "pgrst_source" as \(select "pgrst_call"\.\* from jsonb_to_record.*\) select 1 from "pgrst_source" as "by_author"$/);
  });
});

describe('upsert status and preferences', () => {
  const insert = (search: string, prefer: string, target = 'posts'): StatementPlan =>
    plan({ method: 'POST', target: { kind: 'relation', name: target }, search, body: '[{"id":1,"title":"a"}]', headers: { prefer } });

  it('counts inserted rows of a merge upsert so that updating every row answers 200', () => {
    const p = insert('', 'resolution=merge-duplicates,return=representation,missing=default');
    expect(p.sql).toContain(`where pg_catalog.set_config('pgrst.inserted', (coalesce(nullif(pg_catalog.current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0' on conflict ("id") do update set`);
    expect(p.sql).toContain(`::int, 0) - 1)::text, true) <> '-1'`);
    expect(p.sql).toContain(`coalesce(nullif(current_setting('response.status', true), ''), case when coalesce(nullif(pg_catalog.current_setting('pgrst.inserted', true), '')::int, 0) = 0 then '200' end) as response_status`);
    expect(p.presentation.preferenceApplied).toEqual(['resolution=merge-duplicates', 'missing=default', 'return=representation']);
    const ignored = insert('', 'resolution=ignore-duplicates');
    expect(ignored.sql).toContain('on conflict ("id") do nothing');
    expect(ignored.sql).not.toContain('pgrst.inserted');
  });

  it('ignores the resolution on a table without conflict columns', () => {
    const p = insert('', 'resolution=merge-duplicates,return=representation', 'log');
    expect(p.sql).not.toContain('on conflict');
    expect(p.presentation.preferenceApplied).toEqual(['return=representation']);
  });

  it('presents the statement\'s own status over 201', () => {
    const presentation = { action: 'insert' as const, media: { kind: 'json' as const, stripNulls: false }, offset: 0, hasBody: true, isVoid: false, isCountRequested: false, preferenceApplied: [] };
    expect(presentResult(presentation, { body: '[]', pageTotal: 1, total: null, responseHeaders: null, responseStatus: '200' }).status).toBe(200);
    expect(presentResult(presentation, { body: '[]', pageTotal: 1, total: null, responseHeaders: null, responseStatus: null }).status).toBe(201);
  });
});

describe('query plans behind a setting', () => {
  const explain = { method: 'GET', target: { kind: 'relation' as const, name: 'posts' }, headers: { accept: 'application/vnd.pgrst.plan+json; for="application/json"; options=analyze' } };
  it('are 406 unless the project enables them', () => {
    expect(planError(explain)).toMatchObject({
      status: 406, code: 'PGRST107', message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze',
    });
    expect(plan(explain, { ...config, isPlanEnabled: true }).explain).toBe('format json, analyze');
  });
});

describe('close names for hints', () => {
  it('picks as PostgREST\'s fuzzy search does', () => {
    expect(closestName('testt', ['test', 'another'], 0.75)).toBe('test');
    expect(closestName('other', ['test', 'another'], 0.75)).toBeNull();
    expect(closestName('(nam, pqaram, vall)', ['(name, param, val)', '(attr, id)'], 0.33)).toBe('(name, param, val)');
    expect(closestName('(id)', ['(name, param, val)', '(attr, id)'], 0.33)).toBe('(attr, id)');
    expect(closestName('(noclosealternative)', ['(name, param, val)', '(attr, id)'], 0.33)).toBeNull();
  });
});
