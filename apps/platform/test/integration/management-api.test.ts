/**
 * The Management API (/api/v1) the Supabase CLI and Terraform provider use, called with personal
 * access tokens: organisations, the project lifecycle, health, SQL, migrations, types, Data API and
 * storage configuration; each refused without its scope (403) and with a revoked or expired token
 * (401); and its OpenAPI document, which lists every route the server registers under /api/v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, waitForStatus } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

describe('the Management API with personal access tokens', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let slug: string;
  let ref: string;

  beforeAll(async () => {
    platform = await startPlatform();
    owner = await signUp(platform.url);
    slug = (await owner.api.post('/api/organizations', { name: 'Scripted' })).body.slug;
    ref = (await owner.api.post('/api/projects', { name: 'cli target', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
  });
  afterAll(async () => platform?.stop());

  /** A new token of the owner's with these scopes (null: unrestricted), as a client of /api/v1. */
  async function tokenClient(scopes: string[] | null, extra: Record<string, unknown> = {}): Promise<ApiClient & { id: number }> {
    const created = await owner.api.post('/api/platform/profile/access-tokens', { name: `t-${scopes?.join('+') ?? 'all'}`, scopes, ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return Object.assign(new ApiClient(platform.url, created.body.token), { id: created.body.id as number });
  }

  it('creates, lists and revokes tokens at the exact /api/platform/profile/access-tokens paths', async () => {
    const created = await owner.api.post('/api/platform/profile/access-tokens', { name: 'paths', scopes: ['projects:read'], expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.any(Number), name: 'paths', token: expect.stringMatching(/^sbp_[a-f0-9]{40}$/), scopes: ['projects:read'] });
    const listed = (await owner.api.get('/api/platform/profile/access-tokens')).body as Record<string, unknown>[];
    expect(listed.find((t) => t.id === created.body.id)).not.toHaveProperty('token');
    expect((await owner.api.delete(`/api/platform/profile/access-tokens/${created.body.id}`)).status).toBe(200);
    expect((await new ApiClient(platform.url, created.body.token).get('/api/v1/projects')).status).toBe(401);
  });

  it('reads one organisation with its plan; another organisation reads as not found', async () => {
    const api = await tokenClient(['organizations:read']);
    const organization = await api.get(`/api/v1/organizations/${slug}`);
    expect(organization.status).toBe(200);
    expect(organization.body).toEqual({ id: slug, name: 'Scripted', plan: 'free', opt_in_tags: [], allowed_release_channels: ['ga'] });
    const stranger = await signUp(platform.url);
    const theirs = (await stranger.api.post('/api/organizations', { name: 'Theirs' })).body.slug;
    expect((await api.get(`/api/v1/organizations/${theirs}`)).status).toBe(404);
    expect((await (await tokenClient(['projects:read'])).get(`/api/v1/organizations/${slug}`)).status).toBe(403);
  });

  it('creates a Free organisation with organizations:write, as `supabase orgs create` does; organizations:read cannot', async () => {
    const reader = await tokenClient(['organizations:read']);
    const refused = await reader.post('/api/v1/organizations', { name: 'Not made' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('organizations:write');
    const writer = await tokenClient(['organizations:write']);
    const created = await writer.post('/api/v1/organizations', { name: 'Made by the CLI' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Made by the CLI' });
    expect((await writer.get(`/api/v1/organizations/${created.body.id}`)).body).toMatchObject({ id: created.body.id, plan: 'free' });
    expect((await writer.get('/api/v1/organizations')).body).toContainEqual({ id: created.body.id, name: 'Made by the CLI' });
    expect((await writer.post('/api/v1/organizations', { name: ' ' })).status).toBe(400);
    // The owner now owns two free organisations, the most the Free plan allows one person.
    const third = await writer.post('/api/v1/organizations', { name: 'One too many' });
    expect([third.status, third.body.code]).toEqual([400, 'free_organization_limit_reached']);
  });

  it('applies migrations with their history in one transaction, and lists them', async () => {
    const api = await tokenClient(['database:write']);
    const first = await api.post(`/api/v1/projects/${ref}/database/migrations`, { query: 'create table public.notes (id int primary key, body text);', name: 'notes' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ version: expect.stringMatching(/^\d{14}$/), name: 'notes' });
    // A second one in the same second still gets a later version.
    const second = await api.post(`/api/v1/projects/${ref}/database/migrations`, { query: "alter table public.notes add column tag text default 'x'" });
    expect(second.status).toBe(200);
    expect(BigInt(second.body.version)).toBeGreaterThan(BigInt(first.body.version));

    // A failing migration leaves neither its changes nor a row in the history.
    const broken = await api.post(`/api/v1/projects/${ref}/database/migrations`, { query: 'create table public.half (id int); select * from nowhere', name: 'broken' });
    expect(broken.status).toBe(400);
    const history = await api.get(`/api/v1/projects/${ref}/database/migrations`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      { version: first.body.version, name: 'notes' },
      { version: second.body.version, name: null },
    ]);
    const half = await api.post(`/api/v1/projects/${ref}/database/query`, { query: "select to_regclass('public.half') is null as absent" });
    expect(half.body).toEqual([{ absent: true }]);

    // The CLI's own reading of the history sees the statements too.
    const rows = await api.post(`/api/v1/projects/${ref}/database/query`, { query: `select statements from supabase_migrations.schema_migrations where version = '${first.body.version}'` });
    expect(rows.body).toEqual([{ statements: ['create table public.notes (id int primary key, body text)'] }]);
  });

  it('runs SQL with database:write and answers the rows of the last statement; database:read may only read', async () => {
    const writer = await tokenClient(['database:write']);
    const result = await writer.post(`/api/v1/projects/${ref}/database/query`, { query: "insert into public.notes (id, body) values (1, 'hello'), (2, 'world'); select id, body, tag from public.notes order by id" });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    expect(result.body).toEqual([
      { id: 1, body: 'hello', tag: 'x' },
      { id: 2, body: 'world', tag: 'x' },
    ]);
    const reader = await tokenClient(['database:read']);
    const refused = await reader.post(`/api/v1/projects/${ref}/database/query`, { query: 'select 1' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'access_token_scope_missing', message: expect.stringContaining('database:write') });
    expect((await reader.post(`/api/v1/projects/${ref}/database/migrations`, { query: 'select 1' })).status).toBe(403);
    expect((await reader.get(`/api/v1/projects/${ref}/database/migrations`)).status).toBe(200);

    const types = await reader.get(`/api/v1/projects/${ref}/types/typescript?included_schemas=public`);
    expect(types.status).toBe(200);
    expect(types.body.types).toContain('notes: {');
    expect((await (await tokenClient(['projects:read'])).get(`/api/v1/projects/${ref}/types/typescript`)).status).toBe(403);
  });

  it('reads and changes the Data API settings (rest scopes), the same settings the dashboard shows', async () => {
    const api = await tokenClient(['rest:write']);
    const before = await api.get(`/api/v1/projects/${ref}/postgrest`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ db_schema: expect.any(String), max_rows: expect.any(Number), db_extra_search_path: 'public, extensions', db_pool: null });
    // Tools send every field back; what cannot change is accepted as it is.
    const changed = await api.patch(`/api/v1/projects/${ref}/postgrest`, { ...before.body, max_rows: 321 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.max_rows).toBe(321);
    expect((await owner.api.get(`/api/platform/projects/${ref}/config/postgrest`)).body.max_rows).toBe(321);
    expect((await api.patch(`/api/v1/projects/${ref}/postgrest`, { db_pool: 10 })).status).toBe(400);
    expect((await api.patch(`/api/v1/projects/${ref}/postgrest`, { db_schema: 'public,no_such_schema' })).status).toBe(400);
    const reader = await tokenClient(['rest:read']);
    expect((await reader.get(`/api/v1/projects/${ref}/postgrest`)).body.max_rows).toBe(321);
    expect((await reader.patch(`/api/v1/projects/${ref}/postgrest`, { max_rows: 5 })).status).toBe(403);
  });

  it("reads the storage configuration (storage scopes); the free plan's upload limit cannot be changed", async () => {
    const api = await tokenClient(['storage:write']);
    const config = await api.get(`/api/v1/projects/${ref}/config/storage`);
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ fileSizeLimit: 50 * 1024 * 1024, isFreeTier: true, features: { imageTransformation: { enabled: false } } });
    const refused = await api.patch(`/api/v1/projects/${ref}/config/storage`, { fileSizeLimit: 10 * 1024 * 1024 });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('plan_feature_unavailable');
    // Sending back what is already so is not a change.
    expect((await api.patch(`/api/v1/projects/${ref}/config/storage`, config.body)).status).toBe(200);
    expect((await (await tokenClient(['storage:read'])).patch(`/api/v1/projects/${ref}/config/storage`, { fileSizeLimit: 1 })).status).toBe(403);
  });

  it("answers health per service from a probe of the project's database", async () => {
    const api = await tokenClient(['projects:read']);
    const health = await api.get(`/api/v1/projects/${ref}/health?services=db,rest,auth,pooler`);
    expect(health.status, JSON.stringify(health.body)).toBe(200);
    expect(health.body).toEqual(['db', 'rest', 'auth', 'pooler'].map((name) => ({ name, healthy: true, status: 'ACTIVE_HEALTHY' })));
    const repeated = await api.get(`/api/v1/projects/${ref}/health?services=storage&services=realtime`);
    expect(repeated.body.map((s: { name: string }) => s.name)).toEqual(['storage', 'realtime']);
    expect((await api.get(`/api/v1/projects/${ref}/health?services=mail`)).status).toBe(400);
    expect((await api.get(`/api/v1/projects/${ref}/health`)).status).toBe(400);
  });

  it('creates, pauses, restores and deletes a project with projects:write; projects:read cannot', async () => {
    const reader = await tokenClient(['projects:read']);
    const body = { name: 'from the cli', organization_id: slug, db_pass: 'another-long-password', region: 'us-east-1', plan: 'free', desired_instance_size: 'micro' };
    expect((await reader.post('/api/v1/projects', body)).status).toBe(403);

    const api = await tokenClient(['projects:write']);
    const created = await api.post('/api/v1/projects', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^[a-z]{20}$/), organization_id: slug, name: 'from the cli', status: 'COMING_UP' });
    const newRef = created.body.ref as string;
    await waitForStatus(owner.api, newRef, 'ACTIVE_HEALTHY');

    const paused = await api.post(`/api/v1/projects/${newRef}/pause`);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body).toMatchObject({ ref: newRef, status: 'PAUSING' });
    await waitForStatus(owner.api, newRef, 'INACTIVE');
    const down = await api.get(`/api/v1/projects/${newRef}/health?services=db`);
    expect(down.body).toEqual([{ name: 'db', healthy: false, status: 'UNHEALTHY', error: 'The project is INACTIVE.' }]);

    const restored = await api.post(`/api/v1/projects/${newRef}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.status).toBe('RESTORING');
    await waitForStatus(owner.api, newRef, 'ACTIVE_HEALTHY');

    expect((await reader.delete(`/api/v1/projects/${newRef}`)).status).toBe(403);
    const deleted = await api.delete(`/api/v1/projects/${newRef}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: newRef, ref: newRef, name: 'from the cli' });
    expect((await api.get(`/api/v1/projects/${newRef}`)).status).toBe(404);
  }, 240_000);

  it('refuses a revoked token and an expired one with 401 on these endpoints', async () => {
    const revoked = await tokenClient(null);
    expect((await revoked.get(`/api/v1/projects/${ref}/database/migrations`)).status).toBe(200);
    await owner.api.delete(`/api/platform/profile/access-tokens/${revoked.id}`);
    expect((await revoked.get(`/api/v1/projects/${ref}/database/migrations`)).status).toBe(401);

    const expiring = await tokenClient(null, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect((await expiring.get(`/api/v1/projects/${ref}/postgrest`)).status).toBe(200);
    await platform.control.db.query("update access_tokens set expires_at = now() - interval '1 second' where id = $1", [expiring.id]);
    const expired = await expiring.get(`/api/v1/projects/${ref}/postgrest`);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('access_token_expired');
  });

  it('documents every route registered under /api/v1, and nothing else, at /api/v1/openapi.json', async () => {
    const document = (await new ApiClient(platform.url).get('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { security: unknown }>> };
    const registered = registeredRoutes(platform.app.printRoutes({ commonPrefix: false })).filter((r) => r.url.startsWith('/api/v1/') && r.url !== '/api/v1/openapi.json');
    // The ones this brief added, at least, so an empty tree cannot pass.
    expect(registered.length).toBeGreaterThan(60);
    const undocumented = registered.filter((r) => !document.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()]);
    expect(undocumented).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([url, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url: url.replace(/\{(\w+)\}/g, ':$1') })));
    expect(documented.filter((d) => !registered.some((r) => r.method === d.method && r.url === d.url))).toEqual([]);
    expect(document.paths['/api/v1/projects/{ref}/database/migrations'].post.security).toEqual([{ bearer: [] }, { accessToken: ['database:write'] }]);
    expect(document.paths['/api/v1/admin/jobs'].get.security).toEqual([{ bearer: [] }, { accessToken: ['admin'] }]);
  });
});

/**
 * The routes in Fastify's printRoutes tree ('├── /api/v1/projects (GET, HEAD)' with children
 * indented by four characters a level), HEAD left out (Fastify adds it to every GET).
 */
function registeredRoutes(tree: string): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = line.match(/^([│├└─\s]*)(\S+)(?: \(([^)]*)\))?$/u);
    if (!match) continue;
    const depth = [...match[1]].length / 4 - 1;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url: stack.join('') });
    }
  }
  return routes;
}
