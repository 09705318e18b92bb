import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { DEFAULT_ENGINE, startPlatform } from '../support/platform.ts';

type Person = Awaited<ReturnType<typeof signUp>>;

describe.each([DEFAULT_ENGINE])('pg-meta over HTTP on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: Person;
  let developer: Person;
  let readOnly: Person;
  let outsider: Person;
  let slug: string;
  let ref: string;
  let base: string;

  async function join(role: string): Promise<Person> {
    const member = await signUp(platform.url, uniqueEmail(role.replace(/\W/g, '')));
    expect((await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role })).status).toBe(200);
    const [invitation] = (await member.api.get('/api/profile/invitations')).body;
    expect((await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`)).status).toBe(200);
    return member;
  }

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = await signUp(platform.url);
    slug = (await owner.api.post('/api/organizations', { name: 'Data team', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.api.post('/api/projects', { name: 'db', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
    developer = await join('Developer');
    readOnly = await join('Read-only');
    outsider = await signUp(platform.url);
    base = `/api/platform/pg-meta/${ref}`;
  });
  afterAll(async () => platform?.stop());

  const sql = (api: ApiClient, query: string) => api.post(`${base}/query`, { query });

  it('a Developer creates a table, toggles RLS and adds a policy; every change is audited', async () => {
    const table = await developer.api.post(`${base}/tables`, {
      name: 'todos',
      columns: [
        { name: 'id', type: 'bigint', is_identity: true, is_primary_key: true },
        { name: 'title', type: 'text', is_nullable: false },
        { name: 'user_id', type: 'uuid', default_value: 'auth.uid()', default_value_format: 'expression' },
      ],
    });
    expect(table.status).toBe(200);
    expect(table.body).toMatchObject({ schema: 'public', name: 'todos', rls_enabled: false, primary_keys: [expect.objectContaining({ name: 'id' })] });

    const rls = await developer.api.patch(`${base}/tables/${table.body.id}`, { rls_enabled: true });
    expect(rls.body.rls_enabled).toBe(true);

    const draft = { schema: 'public', table: 'todos', name: 'Users see their own todos', command: 'SELECT', definition: 'auth.uid() = user_id', roles: ['authenticated'] };
    const preview = await developer.api.post(`${base}/policies/preview`, draft);
    expect(preview.body.sql).toBe('CREATE POLICY "Users see their own todos" ON "public"."todos" AS PERMISSIVE FOR SELECT TO "authenticated" USING (auth.uid() = user_id);');
    const policy = await developer.api.post(`${base}/policies`, draft);
    expect(policy.status).toBe(200);
    expect(policy.body).toMatchObject({ name: draft.name, command: 'SELECT', roles: ['authenticated'], action: 'PERMISSIVE', table_id: table.body.id });
    const edit = await developer.api.post(`${base}/policies/preview`, { id: policy.body.id, changes: { roles: [] } });
    expect(edit.body.sql).toBe(`BEGIN;\n  ALTER POLICY "${draft.name}" ON "public"."todos" TO public;\nCOMMIT;`);

    const audit = await owner.api.get(`/api/organizations/${slug}/audit`);
    const actions = audit.body.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['pg_meta.table.create', 'pg_meta.table.update', 'pg_meta.policy.create']));
    expect(audit.body.entries.find((e: { action: string }) => e.action === 'pg_meta.policy.create')).toMatchObject({ project_ref: ref, target: `public.todos.${draft.name}`, actor_email: developer.email.toLowerCase() });
  });

  it('lists page in SQL with the total in x-total-count, at /api and /api/platform alike', async () => {
    for (let i = 0; i < 3; i++) expect((await developer.api.post(`${base}/tables`, { name: `page_${i}` })).status).toBe(200);
    const response = await fetch(`${platform.url}/api/pg-meta/${ref}/tables?included_schemas=public&limit=2&offset=1&search=page_`, {
      headers: { authorization: `Bearer ${readOnly.api.token}` },
    });
    expect(response.headers.get('x-total-count')).toBe('3');
    expect((await response.json()).map((t: { name: string }) => t.name)).toEqual(['page_1', 'page_2']);
    const schemas = await readOnly.api.request('GET', `${base}/schemas`, undefined, { 'x-connection-encrypted': 'ignored' });
    expect(schemas.status).toBe(200);
    expect(schemas.body.find((s: { name: string }) => s.name === 'auth')).toMatchObject({ is_protected: true });
    const entities = await readOnly.api.get(`${base}/entities?search=page_`);
    expect(entities.body).toMatchObject({ count: 3, entities: [expect.objectContaining({ name: 'page_0', type: 'table' }), expect.anything(), expect.anything()] });
    const roles = (await readOnly.api.get(`${base}/roles?exclude_system_roles=true`)).body.map((r: { name: string }) => r.name);
    expect(roles).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']));
    expect(roles.some((name: string) => name.startsWith('pg_') || name.startsWith('project_') || name === 'authenticator')).toBe(false);
    // On a shared server roles are cluster-wide: other projects' owner roles are never listed.
    const allRoles = (await readOnly.api.get(`${base}/roles`)).body.map((r: { name: string }) => r.name);
    expect(allRoles.filter((name: string) => name.startsWith('project_') && name !== `project_${ref}_owner`)).toEqual([]);
    const extensions = (await readOnly.api.get(`${base}/extensions`)).body;
    expect(extensions.find((e: { name: string }) => e.name === 'plpgsql')).toMatchObject({ is_loadable: true });
    expect((await readOnly.api.get(`${base}/migrations`)).body).toEqual([]);
  });

  it('RLS and the policy really filter rows for authenticated, and no session setting leaks', async () => {
    const mine = '00000000-0000-0000-0000-00000000000a';
    const theirs = '00000000-0000-0000-0000-00000000000b';
    const insert = await sql(developer.api, `insert into todos (title, user_id) values ('mine', '${mine}'), ('theirs', '${theirs}') returning title`);
    expect(insert.body).toEqual([{ title: 'mine' }, { title: 'theirs' }]);
    const asUser = await sql(developer.api, `
      set local role authenticated;
      select set_config('request.jwt.claims', '{"sub": "${mine}", "role": "authenticated"}', true);
      select title from todos order by title;`);
    expect(asUser.body).toEqual([{ title: 'mine' }]);

    // Through the project's own REST API (whose schema cache pg-meta invalidates): anon sees nothing
    // until a policy lets it see one row.
    const anonKey: string = (await owner.api.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey;
    const rest = async () => {
      const response = await fetch(`${platform.url}/p/${ref}/rest/v1/todos?select=title`, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
      return { status: response.status, body: await response.json() };
    };
    expect(await rest()).toEqual({ status: 200, body: [] });
    const anonPolicy = await developer.api.post(`${base}/policies`, { table: 'todos', name: 'Anon sees mine', command: 'SELECT', definition: "title = 'mine'", roles: ['anon'] });
    expect(anonPolicy.status).toBe(200);
    expect(await rest()).toEqual({ status: 200, body: [{ title: 'mine' }] });
    expect((await developer.api.delete(`${base}/policies/${anonPolicy.body.id}`)).status).toBe(200);

    expect((await sql(developer.api, "set role anon; select set_config('request.jwt.claims', '{}', false) as x")).status).toBe(200);
    const after = await sql(developer.api, "select current_user <> 'anon' as reset, coalesce(current_setting('request.jwt.claims', true), '') as claims, count(*)::int as n from todos");
    expect(after.body).toEqual([{ reset: true, claims: '', n: 2 }]);
  });

  it('a Read-only member reads, gets 403 on every change, and runs SQL read-only', async () => {
    const table = (await readOnly.api.get(`${base}/tables?search=todos`)).body[0];
    const policy = (await readOnly.api.get(`${base}/policies?table_id=${table.id}`)).body[0];
    expect(policy.name).toBe('Users see their own todos');
    const denied = [
      await readOnly.api.post(`${base}/tables`, { name: 'nope' }),
      await readOnly.api.patch(`${base}/tables/${table.id}`, { rls_enabled: false }),
      await readOnly.api.delete(`${base}/tables/${table.id}`),
      await readOnly.api.post(`${base}/columns`, { table_id: table.id, name: 'x', type: 'int' }),
      await readOnly.api.post(`${base}/policies`, { table: 'todos', name: 'p', command: 'SELECT', definition: 'true' }),
      await readOnly.api.patch(`${base}/policies/${policy.id}`, { name: 'renamed' }),
      await readOnly.api.delete(`${base}/policies/${policy.id}`),
      await readOnly.api.post(`${base}/schemas`, { name: 'x' }),
      await readOnly.api.post(`${base}/functions`, { name: 'f', definition: 'begin end' }),
      await readOnly.api.post(`${base}/extensions`, { name: 'plpgsql' }),
      await readOnly.api.post(`${base}/indexes`, { table: 'todos', columns: ['title'] }),
      await readOnly.api.post(`${base}/types`, { name: 't', values: ['a'] }),
    ];
    for (const response of denied) expect(response.status).toBe(403);

    expect((await sql(readOnly.api, 'select count(*)::int as n from todos')).body).toEqual([{ n: 2 }]);
    const write = await sql(readOnly.api, "insert into todos (title) values ('sneaky')");
    expect(write.status).toBe(400);
    expect(write.body).toMatchObject({ code: 'database_error', message: 'cannot execute INSERT in a read-only transaction', details: { code: '25006' } });
    const escape = await sql(readOnly.api, "commit; insert into todos (title) values ('sneaky')");
    expect(escape.status).toBe(403);
    expect(escape.body.code).toBe('sql_statement_not_allowed');
    expect((await sql(readOnly.api, "set transaction read write; insert into todos (title) values ('sneaky')")).body.details.code).toBe('25001');
    expect((await sql(developer.api, 'select count(*)::int as n from todos')).body).toEqual([{ n: 2 }]);
  });

  it("another organisation's member gets 404; bad input gets clear 400s", async () => {
    for (const response of [
      await outsider.api.get(`${base}/tables`),
      await outsider.api.post(`${base}/tables`, { name: 'x' }),
      await outsider.api.post(`${base}/query`, { query: 'select 1' }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('project_not_found');
    }
    const broken = await developer.api.post(`${base}/policies`, { table: 'todos', name: 'broken', command: 'SELECT', definition: 'nope = 1' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'database_error', message: 'column "nope" does not exist', details: { code: '42703' } });
    const long = await developer.api.post(`${base}/tables`, { name: 'x'.repeat(64) });
    expect(long.body).toMatchObject({ code: 'invalid_identifier', message: expect.stringContaining('at most 63 bytes') });
    const injected = await developer.api.post(`${base}/tables`, { name: '"; drop table todos; --' });
    expect(injected.body.name).toBe('"; drop table todos; --');
    expect((await developer.api.get(`${base}/tables?search=todos`)).body.map((t: { name: string }) => t.name)).toContain('todos');
    const locked = await developer.api.post(`${base}/tables`, { schema: 'auth', name: 'mine' });
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('protected_schema');
    const syntax = await sql(developer.api, 'select 1;\nselec 2');
    expect(syntax.body).toMatchObject({ code: 'database_error', details: { code: '42601', position: 11 } });
    expect((await developer.api.get(`${base}/tables/999999999`)).status).toBe(404);
  });

  it('a project that is not ACTIVE_HEALTHY cannot be managed', async () => {
    expect((await owner.api.post(`/api/projects/${ref}/pause`)).status).toBe(200);
    await waitForStatus(owner.api, ref, 'INACTIVE');
    const response = await developer.api.get(`${base}/tables`);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('project_not_active');
  });
});
