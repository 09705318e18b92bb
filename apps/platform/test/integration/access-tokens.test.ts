/**
 * Personal access tokens (/api/platform/profile/access-tokens) and the Management API they open
 * (/api/v1): shown once, stored hashed, scoped, revoked and expired, refused by the dashboard API,
 * and never more than their user's own role allows.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, waitForStatus } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const TOKEN_FORMAT = /^sbp_[a-f0-9]{40}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('personal access tokens and the Management API', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let slug: string;
  let ref: string;
  const tokensSeen: string[] = [];

  beforeAll(async () => {
    platform = await startPlatform();
    owner = await signUp(platform.url);
    slug = (await owner.api.post('/api/organizations', { name: 'Tokens' })).body.slug;
    ref = (await owner.api.post('/api/projects', { name: 'scripted', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    expect(ref).toMatch(/^[a-z]{20}$/);
    // Its PostgreSQL version is recorded when it is provisioned.
    await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
  });
  afterAll(async () => platform?.stop());

  async function createToken(api: ApiClient, body: Record<string, unknown>): Promise<{ id: number; token: string; [key: string]: unknown }> {
    const response = await api.post('/api/platform/profile/access-tokens', body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    tokensSeen.push(response.body.token);
    return response.body;
  }
  const withToken = (token: string) => new ApiClient(platform.url, token);

  it('shows a new token once, lists it without the secret and keeps only its hash', async () => {
    const created = await createToken(owner.api, { name: 'CI deploys' });
    expect(created).toMatchObject({ name: 'CI deploys', scopes: null, expires_at: null, last_used_at: null });
    expect(created.token).toMatch(TOKEN_FORMAT);
    expect(created.token_alias).toBe(`${created.token.slice(0, 8)}…${created.token.slice(-4)}`);

    const list = await owner.api.get('/api/platform/profile/access-tokens');
    expect(list.status).toBe(200);
    const listed = list.body.find((t: { id: number }) => t.id === created.id);
    expect(listed).toEqual({ id: created.id, name: 'CI deploys', token_alias: created.token_alias, scopes: null, expires_at: null, created_at: created.created_at, last_used_at: null });
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(created.token);
    expect(text).not.toContain(sha256(created.token));

    const { rows } = await platform.control.db.query<Record<string, unknown>>('select * from access_tokens where id = $1', [created.id]);
    expect(rows[0].token_hash).toBe(sha256(created.token));
    expect(Object.values(rows[0])).not.toContain(created.token);
  });

  it('lets an unrestricted token call the Management API, answering in Supabase shapes', async () => {
    const { id, token } = await createToken(owner.api, { name: 'everything' });
    const api = withToken(token);

    const organizations = await api.get('/api/v1/organizations');
    expect(organizations.status).toBe(200);
    expect(organizations.body).toEqual([{ id: slug, name: 'Tokens' }]);

    const projects = await api.get('/api/v1/projects');
    expect(projects.status).toBe(200);
    expect(projects.body).toEqual([
      expect.objectContaining({ id: ref, ref, organization_id: slug, name: 'scripted', region: expect.any(String), created_at: expect.any(String), status: expect.any(String) }),
    ]);
    // The version of the project's own PostgreSQL, and its major as Supabase's CLI reads it.
    expect(projects.body[0].database).toMatchObject({ host: expect.any(String), version: expect.stringMatching(/^1\d\.\d+$/), postgres_engine: expect.stringMatching(/^1\d$/) });

    const project = await api.get(`/api/v1/projects/${ref}`);
    expect(project.body).toEqual(projects.body[0]);

    const keys = await api.get(`/api/v1/projects/${ref}/api-keys`);
    expect(keys.status).toBe(200);
    const settings = (await owner.api.get(`/api/props/project/${ref}/settings`)).body.autoApiService;
    expect(keys.body).toEqual([
      expect.objectContaining({ name: 'anon', type: 'legacy', api_key: settings.defaultApiKey }),
      expect.objectContaining({ name: 'service_role', type: 'legacy', api_key: settings.serviceApiKey }),
    ]);

    const listed = (await owner.api.get('/api/platform/profile/access-tokens')).body.find((t: { id: number }) => t.id === id);
    expect(Date.parse(listed.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lets a scoped token call only what its scopes name (write implies read); otherwise a 403 naming the scope', async () => {
    const { token, scopes } = await createToken(owner.api, { name: 'read projects', scopes: ['projects:read', 'projects:read'] });
    expect(scopes).toEqual(['projects:read']);
    const api = withToken(token);
    expect((await api.get('/api/v1/projects')).status).toBe(200);
    expect((await api.get(`/api/v1/projects/${ref}`)).status).toBe(200);

    const organizations = await api.get('/api/v1/organizations');
    expect(organizations.status).toBe(403);
    expect(organizations.body).toMatchObject({ code: 'access_token_scope_missing', message: expect.stringContaining('organizations:read') });
    const keys = await api.get(`/api/v1/projects/${ref}/api-keys`);
    expect(keys.status).toBe(403);
    expect(keys.body.message).toContain('secrets:read');

    const writer = withToken((await createToken(owner.api, { name: 'write orgs', scopes: ['organizations:write'] })).token);
    expect((await writer.get('/api/v1/organizations')).status).toBe(200);
    expect((await writer.get('/api/v1/projects')).status).toBe(403);
  });

  it('answers a revoked token exactly as an unknown one: 401', async () => {
    const { id, token } = await createToken(owner.api, { name: 'short-lived' });
    expect((await withToken(token).get('/api/v1/organizations')).status).toBe(200);
    const revoked = await owner.api.delete(`/api/platform/profile/access-tokens/${id}`);
    expect(revoked.status).toBe(200);
    expect((await owner.api.get('/api/platform/profile/access-tokens')).body.map((t: { id: number }) => t.id)).not.toContain(id);

    const afterRevocation = await withToken(token).get('/api/v1/organizations');
    const unknown = await withToken(`sbp_${'0'.repeat(40)}`).get('/api/v1/organizations');
    expect(afterRevocation.status).toBe(401);
    expect(afterRevocation.body).toEqual(unknown.body);
    expect(unknown.body.code).toBe('access_token_invalid');
    expect((await owner.api.delete(`/api/platform/profile/access-tokens/${id}`)).status).toBe(404);
  });

  it('refuses an expired token with a 401', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const { id, token, expires_at } = await createToken(owner.api, { name: 'an hour', expires_at: expiresAt });
    expect(expires_at).toBe(expiresAt);
    expect((await withToken(token).get('/api/v1/projects')).status).toBe(200);
    // The hour passes: the server judges expiry by the database's clock.
    await platform.control.db.query("update access_tokens set expires_at = now() - interval '1 second' where id = $1", [id]);
    const expired = await withToken(token).get('/api/v1/projects');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('access_token_expired');
  });

  it('is refused by the dashboard API, so a token cannot mint, list or revoke tokens', async () => {
    const { id, token } = await createToken(owner.api, { name: 'not for the dashboard' });
    const api = withToken(token);
    for (const response of [
      await api.get('/api/platform/organizations'),
      await api.get('/api/organizations'),
      // The dashboard's own Data API settings (the Management API has them at /api/v1/projects/{ref}/postgrest).
      await api.get(`/api/platform/projects/${ref}/config/postgrest`),
      await api.get('/api/platform/profile/access-tokens'),
      await api.post('/api/platform/profile/access-tokens', { name: 'offspring' }),
      await api.delete(`/api/platform/profile/access-tokens/${id}`),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('access_token_not_accepted');
    }
    expect((await api.post('/api/v1/profile/access-tokens', { name: 'offspring' })).status).toBe(404);
    expect((await api.get('/api/v1/organizations')).status).toBe(200);
  });

  it("keeps users apart: another user's token sees nothing of this user's, and cannot revoke this user's tokens", async () => {
    const stranger = await signUp(platform.url);
    const strangerApi = withToken((await createToken(stranger.api, { name: 'stranger' })).token);
    expect((await strangerApi.get('/api/v1/organizations')).body).toEqual([]);
    expect((await strangerApi.get('/api/v1/projects')).body).toEqual([]);
    expect((await strangerApi.get(`/api/v1/projects/${ref}`)).status).toBe(404);
    expect((await strangerApi.get(`/api/v1/projects/${ref}/api-keys`)).status).toBe(404);

    const mine = await createToken(owner.api, { name: 'mine' });
    const attempt = await stranger.api.delete(`/api/platform/profile/access-tokens/${mine.id}`);
    expect(attempt.status).toBe(404);
    expect(attempt.body.code).toBe('access_token_not_found');
    expect((await stranger.api.get('/api/platform/profile/access-tokens')).body.map((t: { id: number }) => t.id)).not.toContain(mine.id);
    expect((await withToken(mine.token).get('/api/v1/organizations')).status).toBe(200);
  });

  it("acts with its user's role: a Read-only member's unrestricted token gets no service_role key", async () => {
    const member = await signUp(platform.url);
    // Straight into the organisation: which roles a plan may assign is not what this test is about.
    await platform.control.db.query(
      "insert into members (organization_id, user_id, role) select id, $2, 'Read-only' from organizations where slug = $1",
      [slug, member.userId],
    );
    const api = withToken((await createToken(member.api, { name: 'read-only member' })).token);
    expect((await api.get('/api/v1/organizations')).body).toEqual([{ id: slug, name: 'Tokens' }]);
    const keys = await api.get(`/api/v1/projects/${ref}/api-keys`);
    expect(keys.status).toBe(200);
    expect(keys.body.map((k: { name: string }) => k.name)).toEqual(['anon']);
  });

  it('takes a session on /api/v1 too', async () => {
    const organizations = await owner.api.get('/api/v1/organizations');
    expect(organizations.status).toBe(200);
    expect(organizations.body).toEqual([{ id: slug, name: 'Tokens' }]);
    expect((await owner.api.get(`/api/v1/projects/${ref}/api-keys`)).body).toHaveLength(2);
    expect((await new ApiClient(platform.url).get('/api/v1/projects')).status).toBe(401);
  });

  it('refuses bad bodies with 400', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(65) },
      { name: 'ok', scopes: ['projects:delete'] },
      { name: 'ok', scopes: [] },
      { name: 'ok', expires_at: past },
      { name: 'ok', expires_at: 'next tuesday' },
    ]) {
      const response = await owner.api.post('/api/platform/profile/access-tokens', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    }
    expect((await owner.api.delete('/api/platform/profile/access-tokens/not-a-number')).status).toBe(400);
  });

  it('serves Supabase-style scripts: plain fetch with Authorization: Bearer sbp_…', async () => {
    const { token } = await createToken(owner.api, { name: 'script', scopes: ['projects:read', 'secrets:read'] });
    const response = await fetch(`${platform.url}/api/v1/projects`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const projects = (await response.json()) as { ref: string }[];
    expect(projects.map((p) => p.ref)).toEqual([ref]);
  });

  it('documents the Management API with its scopes, and audits tokens without their secret', async () => {
    const document = (await owner.api.get('/api/openapi.json')).body;
    expect(document.paths['/api/v1/projects/{ref}/api-keys'].get.security).toEqual([{ bearer: [] }, { accessToken: ['secrets:read'] }]);
    expect(document.paths['/api/profile/access-tokens'].post.security).toEqual([{ bearer: [] }]);

    const audit = (await owner.api.get('/api/profile/audit?limit=200')).body.entries as { action: string }[];
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['access_token.create', 'access_token.revoke']));
    const text = JSON.stringify(audit);
    for (const token of tokensSeen) expect(text).not.toContain(token);
  });
});
