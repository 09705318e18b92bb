import { describe, expect, it } from 'vitest';
import { planRequest, presentResult, type ApiRequest, type StatementPlan } from '../src/index.ts';
import { buildOpenApi } from '../src/openapi.ts';
import { config, pgrstError, schema } from './fixtures.ts';

const planError = (request: Partial<ApiRequest>) => pgrstError(() => plan(request));

function plan(request: Partial<ApiRequest> & { search?: string }): StatementPlan {
  const result = planRequest({ method: 'GET', target: { kind: 'relation', name: 'posts' }, search: '', headers: {}, body: undefined, ...request }, config, schema);
  if (result.kind !== 'statement') throw new Error('expected a statement');
  return result;
}


describe('reads', () => {
  it('binds every value and quotes every identifier', () => {
    const p = plan({ search: 'select=id,title&title=eq.x%27);drop table posts;--&order=id.desc&limit=5' });
    expect(p.sql).not.toContain('drop table');
    expect(p.args).toContain("x');drop table posts;--");
    expect(p.sql).toContain('"posts"."title" = $1[1]::text');
    expect(p.sql).toContain('order by "posts"."id" desc');
    expect(p.sql).toMatch(/limit \$1\[\d\]::bigint/);
    expect(p.isReadOnly).toBe(true);
  });

  it('keeps JSON keys, casts and hints out of the SQL text', () => {
    const p = plan({ target: { kind: 'relation', name: 'authors' }, search: "select=data->>a'b&data->>\"x\\\"y\"=eq.1" });
    // Keys are bound values; the output name is a quoted identifier.
    expect(p.sql).toContain('"authors"."data"->>$1[3]::text as "a\'b"');
    expect(p.args).toEqual(expect.arrayContaining(["a'b", 'x"y', '1']));
    expect(planError({ search: 'select=id::text;drop' }).code).toBe('PGRST100');
    expect(planError({ search: 'select=authors!x%22)%3Bdrop(*)' }).code).toBe('PGRST100');
    expect(planError({ search: 'select=authors!%22x%5C%22)%3Bdrop%22(*)' }).code).toBe('PGRST200');
  });

  it('rejects unknown columns, including injection attempts, as 42703', () => {
    for (const search of ['select=nope', 'select="id;drop table posts;--"', 'order=nope', 'nope=eq.1', 'or=(nope.eq.1)', 'select="x\\")--"']) {
      const error = planError({ search });
      expect(error).toMatchObject({ status: 400, code: '42703', isCacheMiss: true });
    }
    // An unbalanced quote cannot open a way out of an identifier: it is a syntax error.
    expect(planError({ search: 'select=id";drop table posts;--' }).code).toBe('PGRST100');
  });

  it('embeds through laterals: many-to-one, one-to-many and many-to-many', () => {
    const p = plan({ search: 'select=title,authors(name),tags(name)&tags.name=like.a*&tags.order=name&tags.limit=2' });
    expect(p.sql).toContain('left join lateral (select row_to_json("pgrst_r1") as "body" from (select "authors_1"."name" as "name" from "public"."authors" as "authors_1" where "authors_1"."id" = "posts"."author_id")');
    expect(p.sql).toContain('join "public"."post_tags" as "post_tags_j2" on "post_tags_j2"."tag_id" = "tags_2"."id"');
    expect(p.sql).toContain('"post_tags_j2"."post_id" = "posts"."id"');
    expect(p.sql).toContain('coalesce("pgrst_e2"."body", \'[]\') as "tags"');
    expect(p.args).toContain('a%');
  });

  it('relates views through the foreign keys of the tables they show', () => {
    const p = plan({ target: { kind: 'relation', name: 'published' }, search: 'select=id,authors(name),tags(name)' });
    expect(p.sql).toContain('where "authors_1"."id" = "published"."author_id"');
    expect(p.sql).toContain('"post_tags_j2"."post_id" = "published"."id"');
  });

  it('explains failed embeds with PostgREST codes', () => {
    expect(planError({ search: 'select=nothing(*)' })).toMatchObject({ status: 400, code: 'PGRST200' });
    // PostgREST 13: a to-many spread is no longer refused; its columns become arrays.
    expect(plan({ search: 'select=...tags(name)' }).sql).toContain('json_agg("pgrst_r1"."name") as "name"');
    expect(planError({ search: 'select=id&authors.name=eq.x' })).toMatchObject({ status: 400, code: 'PGRST108' });
    expect(planError({ search: 'select=authors(*)&authors=eq.1' })).toMatchObject({ status: 400, code: 'PGRST120' });
    expect(planError({ target: { kind: 'relation', name: 'nope' } })).toMatchObject({ status: 404, code: 'PGRST205', isCacheMiss: true });
    expect(planError({ headers: { acceptProfile: 'private' } })).toMatchObject({ status: 406, code: 'PGRST106' });
  });

  it('counts, caps by max rows and asks for a single object', () => {
    const p = plan({ headers: { prefer: 'count=exact', accept: 'application/vnd.pgrst.object+json' } });
    expect(p.sql).toContain('(select count(*) from (select 1 from "public"."posts" as "posts") as "pgrst_c") as total');
    expect(p.isSingle).toBe(true);
    expect(p.args).toContain('1000');
    const planned = plan({ headers: { prefer: 'count=planned' } });
    expect(planned).toMatchObject({ countMode: 'planned', countSql: 'select 1 from "public"."posts" as "posts"' });
    const ranged = plan({ search: 'limit=50&offset=10', headers: { range: '0-19' } });
    expect(ranged.presentation.offset).toBe(10);
    expect(ranged.args).toEqual(['10', '10']);
  });
});

describe('writes and functions', () => {
  it('inserts through jsonb_populate_record with one bound body', () => {
    const body = JSON.stringify([{ title: "a'); drop table posts; --" }]);
    const p = plan({ method: 'POST', body, headers: { prefer: 'return=representation' } });
    expect(p.sql).toContain('insert into "public"."posts" as "posts" ("title") select "pgrst_body"."title" from jsonb_array_elements(');
    expect(p.sql).toContain('returning "posts".*');
    expect(p.sql).not.toContain('drop table');
    expect(p.args[0]).toBe(body);
    expect(p.isReadOnly).toBe(false);
  });

  it('upserts, applies missing=default and names unknown columns', () => {
    const p = plan({ method: 'POST', search: 'columns=title,views', body: '[{"title":"x"}]', headers: { prefer: 'resolution=merge-duplicates,missing=default' } });
    expect(p.sql).toContain('on conflict ("id") do update set "title" = excluded."title", "views" = excluded."views"');
    expect(p.sql).toContain('else 0 end');
    expect(p.sql).toContain('returning 1');
    expect(planError({ method: 'POST', body: '{"nope":1}' })).toMatchObject({ code: 'PGRST204', isCacheMiss: true });
    expect(planError({ method: 'POST', body: '{"title":' })).toMatchObject({ code: 'PGRST102' });
    expect(planError({ method: 'POST', body: '[{"title":"a"},{"views":1}]' })).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
  });

  it('updates and deletes with the root filters only', () => {
    const p = plan({ method: 'PATCH', search: 'id=eq.1&select=title,authors(name)&authors.name=eq.x', body: '{"views":2}', headers: { prefer: 'return=representation,max-affected=1,handling=strict' } });
    expect(p.sql).toMatch(/^with "pgrst_source" as \(update "public"."posts" as "posts" set "views" = "pgrst_body"."views" from jsonb_populate_record\(null::"public"."posts", \$1\[2\]::jsonb\) as "pgrst_body" where "posts"."id" = \$1\[1\]::integer returning "posts".\*\)/);
    expect(p.sql).toContain('"authors_1"."name" = $1[3]::text');
    expect(p.maxAffected).toBe(1);
    const d = plan({ method: 'DELETE', search: 'id=in.(1,2)', headers: { prefer: 'tx=rollback' } });
    expect(d.sql).toContain('delete from "public"."posts" as "posts" where "posts"."id" in ($1[1]::integer, $1[2]::integer) returning 1');
    expect(d.isRollback).toBe(true);
  });

  it('calls functions with typed named arguments', () => {
    const p = plan({ method: 'POST', target: { kind: 'rpc', name: 'add' }, body: '{"a":1}' });
    expect(p.sql).toContain('from jsonb_to_record($1[1]::jsonb) as "pgrst_args"("a" integer), lateral "public"."add"("a" := "pgrst_args"."a") as "pgrst_call"');
    const get = plan({ method: 'GET', target: { kind: 'rpc', name: 'add' }, search: 'a=1&b=2' });
    expect(get.args[0]).toBe('{"a":"1","b":"2"}');
    expect(planError({ method: 'POST', target: { kind: 'rpc', name: 'add' }, body: '{"c":1}' })).toMatchObject({ status: 404, code: 'PGRST202' });
    expect(planError({ method: 'PATCH', target: { kind: 'rpc', name: 'add' }, body: '{}' })).toMatchObject({ status: 405, code: 'PGRST101' });
  });
});

describe('presenting results', () => {
  const base = { action: 'read' as const, media: { kind: 'json' as const, stripNulls: false }, offset: 0, hasBody: true, isVoid: false, isCountRequested: true, preferenceApplied: ['count=exact'] };
  const result = { body: '[]', pageTotal: 2, total: 5, responseHeaders: null, responseStatus: null };
  it('sets Content-Range and 206 for partial counted reads', () => {
    expect(presentResult(base, result)).toMatchObject({ status: 206, headers: { 'content-range': '0-1/5', 'preference-applied': 'count=exact' } });
    expect(presentResult({ ...base, offset: 3 }, result).headers['content-range']).toBe('3-4/5');
    expect(presentResult(base, { ...result, total: 2 }).status).toBe(200);
    expect(() => presentResult({ ...base, offset: 9 }, { ...result, pageTotal: 0 })).toThrow(expect.objectContaining({ code: 'PGRST103', status: 416 }));
  });

  it('uses 201/204 for writes and honours response.status / response.headers', () => {
    expect(presentResult({ ...base, action: 'insert', hasBody: false, isCountRequested: false }, result)).toMatchObject({ status: 201, body: '', headers: { 'content-range': '*/*' } });
    expect(presentResult({ ...base, action: 'delete', hasBody: false }, result)).toMatchObject({ status: 204, headers: { 'content-range': '*/2' } });
    const custom = presentResult(base, { ...result, responseHeaders: '[{"X-A":"1"}]', responseStatus: '418' });
    expect(custom).toMatchObject({ status: 418, headers: { 'x-a': '1' } });
    expect(() => presentResult(base, { ...result, responseHeaders: '{"x":1}' })).toThrow(expect.objectContaining({ code: 'PGRST111' }));
    expect(() => presentResult(base, { ...result, responseStatus: 'abc' })).toThrow(expect.objectContaining({ code: 'PGRST112' }));
  });
});

describe('OpenAPI', () => {
  it('describes visible tables, columns, keys and functions', () => {
    const doc = buildOpenApi(schema, { schema: 'public', baseUrl: 'http://localhost:8000/p/abc/rest/v1', isVisibleRelation: (r) => r.name !== 'tags', isVisibleFunction: () => true }) as {
      basePath: string; paths: Record<string, unknown>; definitions: Record<string, { properties: Record<string, { description?: string }> }>;
    };
    expect(doc.basePath).toBe('/p/abc/rest/v1');
    expect(Object.keys(doc.paths)).toEqual(['/', '/authors', '/post_tags', '/posts', '/published', '/rpc/add']);
    expect(doc.definitions.posts.properties.author_id.description).toContain("<fk table='authors' column='id'/>");
    expect(doc.definitions.posts.properties.id.description).toContain('<pk/>');
  });
});
