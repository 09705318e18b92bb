/**
 * Database > Wrappers and privileged extensions: on the local and postgres engines the owner is no
 * superuser, yet enabling postgres_fdw through the API works (the engine creates it as the superuser
 * and grants the owner USAGE). A foreign server pointing at another project through the pooler
 * (which asks a password) serves rows; one pointing at a server that trusts the connection (another
 * cluster's Unix socket, a `trust` host) is refused, and the owner cannot lift that check. Passwords
 * never come back. Read-only members look but do not change. Embedded offers no wrapper at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform, TEST_POSTGRES_URL } from '../support/platform.ts';

/** PostgreSQL 15 says 'password is required', 16+ 'password or GSSAPI delegated credentials required'. */
const PASSWORD_REQUIRED = /password (or GSSAPI delegated credentials )?(is )?required/;
const REMOTE_PASSWORD = 'remote-db-pass-\'quoted\'-\\x';

describe.each(['local', 'postgres'] as const)('wrappers on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let slug: string;
  let ref: string;
  let remoteRef: string;

  async function sql<Row = Record<string, unknown>>(projectRef: string, query: string): Promise<Row[]> {
    const response = await owner.post(`/api/platform/pg-meta/${projectRef}/query`, { query });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as Row[];
  }

  async function sqlError(query: string): Promise<string> {
    const response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    return response.body.message as string;
  }

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = (await signUp(platform.url)).api;
    slug = (await owner.post('/api/organizations', { name: 'Wrappers', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'here', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    remoteRef = (await owner.post('/api/projects', { name: 'there', organization_slug: slug, db_pass: REMOTE_PASSWORD })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    await waitForStatus(owner, remoteRef, 'ACTIVE_HEALTHY');
    await sql(remoteRef, `create table public.items (id int primary key, name text); insert into public.items values (1, 'one'), (2, 'two')`);
  }, 240_000);
  afterAll(async () => platform?.stop());

  it('offers postgres_fdw on the Extensions page and enables it on the owner\'s behalf', async () => {
    const listed = (await owner.get(`/api/platform/pg-meta/${ref}/extensions`)).body as { name: string; is_loadable: boolean; installed_version: string | null }[];
    expect(listed.find((e) => e.name === 'postgres_fdw')).toMatchObject({ is_loadable: true, installed_version: null });
    // A file-reading wrapper stays out of reach.
    expect(listed.find((e) => e.name === 'file_fdw')?.is_loadable ?? false).toBe(false);
    expect((await owner.post(`/api/platform/pg-meta/${ref}/extensions`, { name: 'file_fdw', schema: 'extensions' })).status).toBe(400);
    // A privileged extension goes only into a schema the owner may create in.
    expect(listed.find((e) => e.name === 'dblink')).toMatchObject({ is_loadable: true });
    const planted = await owner.post(`/api/platform/pg-meta/${ref}/extensions`, { name: 'dblink', schema: 'pg_catalog' });
    expect(planted.status).toBe(400);
    expect(planted.body.message).toMatch(/permission denied for schema pg_catalog/);

    const before = (await owner.get(`/api/platform/projects/${ref}/wrappers`)).body;
    expect(before).toEqual({ available: true, enabled: false, servers: [], foreign_tables: [] });
    const enabled = await owner.post(`/api/platform/projects/${ref}/wrappers/enable`);
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    expect(enabled.body).toMatchObject({ available: true, enabled: true });
    const [fdw] = await sql<{ schema: string; usable: boolean }>(ref,
      `select n.nspname as schema, has_foreign_data_wrapper_privilege('postgres_fdw', 'USAGE') as usable
         from pg_extension x join pg_namespace n on n.oid = x.extnamespace where x.extname = 'postgres_fdw'`);
    expect(fdw).toEqual({ schema: 'extensions', usable: true });
  });

  it('creates a server to another project through the pooler and reads its rows through an imported table', async () => {
    const port = platform.pooler.ports.session!;
    const created = await owner.post(`/api/platform/projects/${ref}/wrappers/servers`, {
      name: 'There "db"', host: '127.0.0.1', port, dbname: 'postgres', user: `postgres.${remoteRef}`, password: REMOTE_PASSWORD,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toEqual({
      name: 'There "db"', wrapper: 'postgres_fdw', options: { host: '127.0.0.1', port: String(port), dbname: 'postgres' },
      user_mappings: [{ user: engine === 'local' ? 'postgres' : `project_${ref}_owner`, options: { user: `postgres.${remoteRef}` }, has_password: true }],
    });

    await sql(ref, 'create schema remote');
    const imported = await owner.post(`/api/platform/projects/${ref}/wrappers/servers/${encodeURIComponent('There "db"')}/import`, {
      remote_schema: 'public', local_schema: 'remote', tables: ['items'],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toEqual([expect.objectContaining({ schema: 'remote', name: 'items', server: 'There "db"', remote_schema: 'public', remote_table: 'items' })]);
    expect(await sql(ref, 'select id, name from remote.items order by id')).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }]);

    const status = await owner.get(`/api/platform/projects/${ref}/wrappers`);
    expect(status.body.servers.map((s: { name: string }) => s.name)).toEqual(['There "db"']);
    expect(status.body.foreign_tables).toEqual([expect.objectContaining({ schema: 'remote', name: 'items', remote_table: 'items' })]);
    expect(JSON.stringify(status.body)).not.toContain('remote-db-pass');
    const audit = await platform.control.db.query<{ action: string; target: string }>(`select action, target from audit_log where project_ref = $1 and action like 'wrappers.%' order by id`, [ref]);
    expect(audit.rows).toEqual([{ action: 'wrappers.server.create', target: 'There "db"' }, { action: 'wrappers.schema.import', target: 'There "db":public -> remote' }]);
  });

  it('refuses a connection that asked no password, and the owner cannot lift that check', async () => {
    // Local: another project's cluster through its Unix socket (trust); postgres: the server's `trust` host.
    const target = engine === 'local'
      ? platform.control.engine.connectionInfo({ ref: remoteRef, server: null })
      : { ...platform.control.engine.connectionInfo({ ref: remoteRef, server: TEST_POSTGRES_URL }), host: '127.0.0.1' };
    await sql(ref, `create server trusting foreign data wrapper postgres_fdw options (host '${target.host}', port '${target.port}', dbname '${target.database}')`);
    try {
      await sql(ref, `create user mapping for current_user server trusting options (user '${target.user}')`);
      await sql(ref, `create foreign table public.stolen (id int) server trusting options (schema_name 'public', table_name 'items')`);
      // No password in the mapping, then a password the server never asks for: both refused.
      expect(await sqlError('select * from public.stolen')).toMatch(PASSWORD_REQUIRED);
      await sql(ref, `alter user mapping for current_user server trusting options (add password 'anything')`);
      expect(await sqlError('select * from public.stolen')).toMatch(PASSWORD_REQUIRED);
      expect(await sqlError(`alter user mapping for current_user server trusting options (add password_required 'false')`)).toMatch(/superuser/);
    } finally {
      await sql(ref, 'drop server trusting cascade');
    }
  });

  it('lets a Read-only member list servers without secrets but change nothing', async () => {
    const member = await signUp(platform.url, uniqueEmail('ro'));
    await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role: 'Read-only' });
    const [invitation] = (await member.api.get('/api/profile/invitations')).body;
    await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    const seen = await member.api.get(`/api/platform/projects/${ref}/wrappers`);
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain('remote-db-pass');
    const attempts = [
      member.api.post(`/api/platform/projects/${ref}/wrappers/enable`),
      member.api.post(`/api/platform/projects/${ref}/wrappers/servers`, { name: 'x', host: '127.0.0.1', port: 5432, dbname: 'postgres', user: 'u', password: 'p' }),
      member.api.post(`/api/platform/projects/${ref}/wrappers/servers/x/import`, { remote_schema: 'public', local_schema: 'remote' }),
      member.api.delete(`/api/platform/projects/${ref}/wrappers/servers/${encodeURIComponent('There "db"')}?cascade=true`),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.status).toBe(403);
  });

  it('drops a server with its foreign tables (CASCADE), then disables postgres_fdw', async () => {
    const refused = await owner.delete(`/api/platform/projects/${ref}/wrappers/servers/${encodeURIComponent('There "db"')}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/depend/);
    const dropped = await owner.delete(`/api/platform/projects/${ref}/wrappers/servers/${encodeURIComponent('There "db"')}?cascade=true`);
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect((await owner.get(`/api/platform/projects/${ref}/wrappers`)).body).toMatchObject({ enabled: true, servers: [], foreign_tables: [] });
    const disabled = await owner.delete(`/api/platform/pg-meta/${ref}/extensions/postgres_fdw`);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await owner.get(`/api/platform/projects/${ref}/wrappers`)).body).toMatchObject({ available: true, enabled: false });
  });
});

describe('wrappers on the embedded engine', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let ref: string;

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'embedded' });
    owner = (await signUp(platform.url)).api;
    const slug = (await owner.post('/api/organizations', { name: 'Wrappers', plan: 'free' })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
  }, 120_000);
  afterAll(async () => platform?.stop());

  it('says postgres_fdw is not available, and enabling it fails plainly', async () => {
    expect((await owner.get(`/api/platform/projects/${ref}/wrappers`)).body).toEqual({ available: false, enabled: false, servers: [], foreign_tables: [] });
    const refused = await owner.post(`/api/platform/projects/${ref}/wrappers/enable`);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('extension_unavailable');
  });
});
