// /p/{ref}/graphql/v1 over HTTP with the project's real keys: queries, mutations, RLS for anon and a
// signed-up user, DDL showing up, introspection, and GraphQL errors for bad requests.
import { getIntrospectionQuery } from 'graphql';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineName } from '../support/platform.ts';
import { startRestHarness, type RestHarness } from '../rest/harness.ts';

// The embedded engine (PGlite) and a real PostgreSQL server per project: JSON and errors arrive through different drivers.
describe.each(['embedded', 'local'] as EngineName[])('GraphQL API on the %s engine', (engine) => {
  let h: RestHarness;
  const gql = async (query: string, options: { key?: string; token?: string; variables?: Record<string, unknown> } = {}) => {
    const res = await fetch(`${h.url}/graphql/v1`, {
      method: 'POST',
      headers: { apikey: options.key ?? h.anonKey, authorization: `Bearer ${options.token ?? options.key ?? h.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables: options.variables }),
    });
    return { status: res.status, body: await res.json() as { data: any; errors?: { message: string }[] } };
  };

  beforeAll(async () => {
    h = await startRestHarness(engine);
    await h.db.exec(`
      create table notes (id serial primary key, body text not null, is_public boolean not null default false);
      alter table notes enable row level security;
      create policy "public notes" on notes for select to anon using (is_public);
      insert into notes (body, is_public) values ('shared', true), ('hidden', false);`);
  });
  afterAll(async () => h?.platform.stop());

  it('answers queries and mutations with the project keys', async () => {
    const inserted = await gql('mutation { insertIntotagsCollection(objects: [{ name: "graph" }, { name: "ql" }]) { affectedCount records { name } } }', { key: h.serviceKey });
    expect(inserted).toEqual({ status: 200, body: { data: { insertIntotagsCollection: { affectedCount: 2, records: [{ name: 'graph' }, { name: 'ql' }] } } } });
    const read = await gql('query Tags($names: [String!]) { tagsCollection(filter: { name: { in: $names } }, orderBy: [{ name: DescNullsLast }]) { edges { node { name } } } }', { variables: { names: ['graph', 'ql'] } });
    expect(read.body.data.tagsCollection.edges.map((e: any) => e.node.name)).toEqual(['ql', 'graph']);
    const viaGet = await fetch(`${h.url}/graphql/v1?query=${encodeURIComponent('{ tagsCollection(first: 1) { pageInfo { hasNextPage } } }')}`, { headers: { apikey: h.anonKey } });
    expect(await viaGet.json()).toEqual({ data: { tagsCollection: { pageInfo: { hasNextPage: true } } } });
    const deleted = await gql('mutation { deleteFromtagsCollection(filter: { name: { in: ["graph", "ql"] } }, atMost: 2) { affectedCount } }', { key: h.serviceKey });
    expect(deleted.body.data).toEqual({ deleteFromtagsCollection: { affectedCount: 2 } });
  });

  it('applies RLS: anon sees allowed rows, a user sees their own, a violating write errors', async () => {
    expect((await gql('{ notesCollection { edges { node { body } } } }')).body.data.notesCollection.edges).toEqual([{ node: { body: 'shared' } }]);
    expect((await gql('{ notesCollection { totalCount } }', { key: h.serviceKey })).body.data.notesCollection.totalCount).toBe(2);
    // A role without the grant does not see the table at all.
    expect((await gql('{ secretsCollection { totalCount } }')).body.errors![0].message).toMatch(/Cannot query field "secretsCollection"/);

    const signUp = async (email: string) => {
      const res = await fetch(`${h.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: h.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'correct-horse-battery' }) });
      const body = await res.json() as { access_token: string; user: { id: string } };
      expect(body.access_token).toBeTruthy();
      return body;
    };
    const alice = await signUp(`alice.graphql.${engine}@example.com`);
    const bob = await signUp(`bob.graphql.${engine}@example.com`);
    await gql('mutation { insertIntotodosCollection(objects: [{ task: "alice task" }]) { affectedCount } }', { token: alice.access_token });
    await gql('mutation { insertIntotodosCollection(objects: [{ task: "bob task" }]) { affectedCount } }', { token: bob.access_token });
    const mine = await gql('{ todosCollection { edges { node { task user_id } } } }', { token: alice.access_token });
    expect(mine.body.data.todosCollection.edges).toEqual([{ node: { task: 'alice task', user_id: alice.user.id } }]);
    const forged = await gql('mutation ($uid: UUID) { insertIntotodosCollection(objects: [{ task: "as bob", user_id: $uid }]) { affectedCount } }', { token: alice.access_token, variables: { uid: bob.user.id } });
    expect(forged.status).toBe(200);
    expect(forged.body.data).toBeNull();
    expect(forged.body.errors![0].message).toMatch(/row-level security/);
    // The todos policy is for authenticated users only: anon reads none.
    const denied = await gql('{ todosCollection { totalCount } }');
    expect(denied.body).toEqual({ data: { todosCollection: { totalCount: 0 } } });
  });

  it('shows a table created since the last request, and answers introspection', async () => {
    expect((await gql('{ gadgetsCollection { totalCount } }')).body.errors).toHaveLength(1);
    await h.db.exec(`create table gadgets (id int primary key, label text); insert into gadgets values (1, 'new');`);
    expect((await gql('{ gadgetsCollection { edges { node { label } } } }')).body).toEqual({ data: { gadgetsCollection: { edges: [{ node: { label: 'new' } }] } } });
    const schema = await gql(getIntrospectionQuery());
    const names = schema.body.data.__schema.types.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['gadgets', 'gadgetsConnection', 'gadgetsFilter', 'PageInfo', 'Node']));
    expect(schema.body.data.__schema.mutationType).toMatchObject({ name: 'Mutation' });
  });

  it('answers bad requests with GraphQL errors, and bad keys as REST does', async () => {
    expect((await gql('{ tagsCollection(')).body).toEqual({ data: null, errors: [{ message: expect.stringMatching(/^Syntax Error/) }] });
    expect((await gql('{ tagsCollection { nope } }')).body.errors![0].message).toMatch(/Cannot query field "nope"/);
    const empty = await fetch(`${h.url}/graphql/v1`, { method: 'POST', headers: { apikey: h.anonKey, 'content-type': 'application/json' }, body: '{}' });
    expect(await empty.json()).toEqual({ data: null, errors: [{ message: 'Unknown query' }] });
    const badKey = await fetch(`${h.url}/graphql/v1`, { method: 'POST', headers: { apikey: 'not-a-key', 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(badKey.status).toBe(401);
    // A validly signed token for a role the API may not become learns nothing about the schema.
    const superuser = await new SignJWT({ role: 'postgres' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(h.jwtSecret));
    expect((await gql('{ secretsCollection { totalCount } }', { token: superuser })).body).toEqual({ data: null, errors: [{ message: 'permission denied to set role "postgres"' }] });
  });
});
