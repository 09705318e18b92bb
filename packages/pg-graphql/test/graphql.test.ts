import { PGlite } from '@electric-sql/pglite';
import { printSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGraphqlSchema, catalogVersion, executeGraphql, loadCatalog, type BuiltSchema, type GraphqlResponse, type Query } from '../src/index.ts';

const SETUP = `
create role anon nologin noinherit;
create table public.blog (id serial primary key, name text not null, rating numeric, views bigint default 0, meta jsonb, created_at timestamptz not null default now());
create table public.blog_post (id serial primary key, blog_id int references public.blog(id), title varchar(100) not null, tags text[]);
create table public."Order" ("Id" int primary key, "select" text, "weird""name" text);
create table public.no_key (a int);
create table public.secret (id int primary key, value text);
grant usage on schema public to anon;
grant select on public.blog, public.blog_post to anon;
insert into public.blog (name, rating, views, meta) values ('a', 1.5, 9007199254740993, '{"x": 1}'), ('b', null, 2, null), ('c', 3, 3, null), ('d', 4, 4, null);
insert into public.blog_post (blog_id, title, tags) values (1, 'first', '{x,y}'), (1, 'second', null), (2, 'third', null);
insert into public."Order" values (1, 'sel', 'w');
`;

describe('pg-graphql on PGlite', () => {
  let pg: PGlite;
  let built: BuiltSchema;
  const query: Query = async (sql, params) => (await pg.query(sql, params)) as never;
  const gql = (text: string, variables?: Record<string, unknown>, schema = built): Promise<GraphqlResponse> =>
    executeGraphql(schema, { query: text, variables }, (_isMutation, fn) =>
      pg.transaction(async (tx) => {
        const result = await fn(async (sql, params) => (await tx.query(sql, params)) as never);
        if (result.errors) await tx.rollback();
        return result;
      }));

  beforeAll(async () => {
    pg = new PGlite();
    await pg.exec(SETUP);
    built = buildGraphqlSchema(await loadCatalog(query, ['public'], 'postgres'));
  });
  afterAll(async () => pg?.close());

  it('builds pg_graphql-shaped types with SQL names as they are', () => {
    const sdl = printSchema(built.schema);
    expect(sdl).toContain('type blog implements Node');
    expect(sdl).toMatch(/blogCollection\(\s/);
    expect(sdl).toContain('blog_postCollection');
    expect(sdl).toContain('insertIntoblogCollection(');
    expect(sdl).toMatch(/rating: BigFloat\n/);
    expect(sdl).toMatch(/views: BigInt\n/);
    expect(sdl).toMatch(/created_at: Datetime!\n/);
    expect(sdl).toMatch(/meta: JSON\n/);
    expect(sdl).toContain('tags: [String]');
    expect(sdl).not.toContain('no_key');
    expect(sdl).toContain('type Order implements Node');
    expect(sdl).toMatch(/select: String\n/);
    expect(sdl).not.toContain('weird');
  });

  it('reads a collection with edges, cursors, page info and totalCount', async () => {
    const r = await gql('{ blogCollection(first: 2) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id name rating views meta nodeId __typename } } } }');
    expect(r.errors).toBeUndefined();
    const c = r.data!.blogCollection as any;
    expect(c.totalCount).toBe(4);
    expect(c.edges[0]).toEqual({ cursor: 'WzFd', node: { id: 1, name: 'a', rating: '1.5', views: '9007199254740993', meta: '{"x": 1}', nodeId: 'WyJwdWJsaWMiLCAiYmxvZyIsIDFd', __typename: 'blog' } });
    expect(c.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: 'WzFd', endCursor: 'WzJd' });
    const next = await gql('query ($after: Cursor) { blogCollection(first: 2, after: $after) { pageInfo { hasNextPage hasPreviousPage } edges { node { id } } } }', { after: c.pageInfo.endCursor });
    expect((next.data!.blogCollection as any).edges.map((e: any) => e.node.id)).toEqual([3, 4]);
    expect((next.data!.blogCollection as any).pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    const back = await gql('{ blogCollection(last: 2, before: "WzRd") { pageInfo { hasPreviousPage } edges { node { id } } } }');
    expect((back.data!.blogCollection as any).edges.map((e: any) => e.node.id)).toEqual([2, 3]);
    expect((back.data!.blogCollection as any).pageInfo.hasPreviousPage).toBe(true);
  });

  it('filters with every operator family and orders with nulls placement', async () => {
    const ids = async (filter: string, order = '') => ((await gql(`{ blogCollection(filter: ${filter} ${order}) { edges { node { id } } } }`)).data!.blogCollection as any).edges.map((e: any) => e.node.id);
    expect(await ids('{ id: { gt: 1, lte: 3 } }')).toEqual([2, 3]);
    expect(await ids('{ name: { in: ["a", "d"] } }')).toEqual([1, 4]);
    expect(await ids('{ rating: { is: NULL } }')).toEqual([2]);
    expect(await ids('{ name: { startsWith: "c" } }')).toEqual([3]);
    expect(await ids('{ name: { ilike: "B%" } }')).toEqual([2]);
    expect(await ids('{ or: [{ id: { eq: 1 } }, { not: { id: { lt: 4 } } }] }')).toEqual([1, 4]);
    expect(await ids('{ nodeId: { eq: "WyJwdWJsaWMiLCAiYmxvZyIsIDFd" } }')).toEqual([1]);
    expect(await ids('{}', 'orderBy: [{ rating: DescNullsFirst }]')).toEqual([2, 4, 3, 1]);
    expect(await ids('{}', 'orderBy: [{ rating: AscNullsLast }]')).toEqual([1, 3, 4, 2]);
    // Cursors follow the order, NULLs included.
    const page = await gql('{ blogCollection(first: 2, orderBy: [{ rating: DescNullsFirst }]) { pageInfo { endCursor } } }');
    const after = (page.data!.blogCollection as any).pageInfo.endCursor;
    const rest = await gql(`{ blogCollection(after: "${after}", orderBy: [{ rating: DescNullsFirst }]) { edges { node { id } } } }`);
    expect((rest.data!.blogCollection as any).edges.map((e: any) => e.node.id)).toEqual([3, 1]);
  });

  it('follows foreign keys both ways, with aliases and fragments', async () => {
    const r = await gql(`{
      blog_postCollection(filter: { blog_id: { eq: 1 } }) { edges { node { title tags blog { name } } } }
      one: blogCollection(first: 1) { edges { node { ...posts } } }
    }
    fragment posts on blog { name recent: blog_postCollection(first: 1, orderBy: [{ id: DescNullsLast }]) { edges { node { title } } } all: blog_postCollection { totalCount } }`);
    expect(r.errors).toBeUndefined();
    expect((r.data!.blog_postCollection as any).edges).toEqual([
      { node: { title: 'first', tags: ['x', 'y'], blog: { name: 'a' } } },
      { node: { title: 'second', tags: null, blog: { name: 'a' } } },
    ]);
    expect((r.data!.one as any).edges[0].node).toEqual({ name: 'a', recent: { edges: [{ node: { title: 'second' } }] }, all: { totalCount: 2 } });
  });

  it('fetches a record by nodeId and quotes odd identifiers', async () => {
    const r = await gql('{ node(nodeId: "WyJwdWJsaWMiLCAiYmxvZyIsIDJd") { nodeId ... on blog { name } } }');
    expect(r.data).toEqual({ node: { nodeId: 'WyJwdWJsaWMiLCAiYmxvZyIsIDJd', name: 'b' } });
    const o = await gql('{ orderCollection(filter: { select: { eq: "sel" } }) { edges { node { Id select } } } }');
    expect(o.data).toEqual({ orderCollection: { edges: [{ node: { Id: 1, select: 'sel' } }] } });
  });

  it('inserts, updates and deletes with atMost, all or nothing', async () => {
    const ins = await gql('mutation { insertIntoblogCollection(objects: [{ name: "e" }, { name: "f", meta: "{\\"k\\": true}" }]) { affectedCount records { name views meta } } }');
    expect(ins).toEqual({ data: { insertIntoblogCollection: { affectedCount: 2, records: [{ name: 'e', views: '0', meta: null }, { name: 'f', views: '0', meta: '{"k": true}' }] } } });
    const upd = await gql('mutation { updateblogCollection(set: { rating: "9.5" }, filter: { name: { eq: "e" } }) { affectedCount records { name rating } } }');
    expect(upd.data).toEqual({ updateblogCollection: { affectedCount: 1, records: [{ name: 'e', rating: '9.5' }] } });
    const tooMany = await gql('mutation { updateblogCollection(set: { rating: "1" }, filter: { name: { in: ["e", "f"] } }) { affectedCount } }');
    expect(tooMany).toEqual({ data: null, errors: [{ message: 'update impacts too many records' }] });
    // A failing second field undoes the first.
    const partial = await gql('mutation { a: deleteFromblogCollection(filter: { name: { eq: "e" } }) { affectedCount } b: insertIntoblogCollection(objects: [{ id: 1, name: "dup" }]) { affectedCount } }');
    expect(partial.data).toBeNull();
    expect(partial.errors![0].message).toMatch(/duplicate key/);
    const del = await gql('mutation { deleteFromblogCollection(filter: { name: { in: ["e", "f"] } }, atMost: 2) { affectedCount } }');
    expect(del.data).toEqual({ deleteFromblogCollection: { affectedCount: 2 } });
  });

  it('answers bad requests with GraphQL errors', async () => {
    expect((await gql('{ nope }')).errors![0].message).toMatch(/Cannot query field "nope"/);
    expect((await gql('{ blogCollection(')).errors![0].message).toMatch(/Syntax Error/);
    expect((await gql('{ blogCollection(after: "bad") { totalCount } }')).errors).toEqual([{ message: 'Invalid cursor' }]);
  });

  it('inflects names when the schema asks for it, and honours renames', async () => {
    await pg.exec(`
      create schema app;
      comment on schema app is e'@graphql({"inflect_names": true})';
      create table app.blog_author (id int primary key, full_name text);
      create table app.blog_entry (id int primary key, blog_author_id int references app.blog_author(id), created_at date);
      comment on column app.blog_entry.created_at is e'@graphql({"name": "publishedOn"})';
      insert into app.blog_author values (1, 'Ada');
      insert into app.blog_entry values (1, 1, '2024-01-02');`);
    const inflected = buildGraphqlSchema(await loadCatalog(query, ['app'], 'postgres'));
    const sdl = printSchema(inflected.schema);
    expect(sdl).toContain('type BlogEntry implements Node');
    expect(sdl).toContain('insertIntoBlogEntryCollection(');
    const r = await gql('{ blogEntryCollection { edges { node { publishedOn blogAuthorId blogAuthor { fullName blogEntryCollection { totalCount } } } } } }', undefined, inflected);
    expect(r).toEqual({ data: { blogEntryCollection: { edges: [{ node: { publishedOn: '2024-01-02', blogAuthorId: 1, blogAuthor: { fullName: 'Ada', blogEntryCollection: { totalCount: 1 } } } }] } } });
  });

  it('shows a role only what it may select, and sees DDL in the catalogue version', async () => {
    const anon = buildGraphqlSchema(await loadCatalog(query, ['public'], 'anon'));
    const sdl = printSchema(anon.schema);
    expect(sdl).toContain('blogCollection');
    expect(sdl).not.toContain('secret');
    expect(sdl).not.toContain('type Mutation');
    const before = await catalogVersion(query, ['public']);
    expect(await catalogVersion(query, ['public'])).toBe(before);
    await pg.exec('alter table public.blog add column extra text');
    expect(await catalogVersion(query, ['public'])).not.toBe(before);
  });
});
