import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { DEFAULT_ENGINE, startPlatform } from '../support/platform.ts';

describe.each([DEFAULT_ENGINE])('API settings on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let ref: string;
  let slug: string;
  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = (await signUp(platform.url)).api;
    slug = (await owner.post('/api/organizations', { name: 'Keys', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
  });
  afterAll(async () => platform?.stop());

  async function waitForJwtStatus(status: string) {
    for (let i = 0; i < 200; i++) {
      const response = await owner.get(`/api/props/project/${ref}/jwt-secret-update-status`);
      if (response.body.jwtSecretUpdateStatus?.meta.status === status) return response.body.jwtSecretUpdateStatus.meta;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`JWT secret update never reached ${status}`);
  }

  it('rotates the JWT secret: status updating -> updated, keys re-signed with the new secret', async () => {
    expect((await owner.get(`/api/props/project/${ref}/jwt-secret-update-status`)).body).toEqual({ jwtSecretUpdateStatus: null });
    const before = (await owner.get(`/api/props/project/${ref}/settings`)).body;

    const own = 'a-very-long-custom-jwt-secret-of-my-own-choosing-123';
    expect((await owner.post(`/api/projects/${ref}/config/secrets/update-jwt-secret`, { jwt_secret: 'short' })).body.code).toBe('validation_failed');
    const started = await owner.post(`/api/projects/${ref}/config/secrets/update-jwt-secret`, { jwt_secret: own });
    expect(started.status).toBe(200);
    const meta = await waitForJwtStatus('updated');
    expect(meta).toMatchObject({ change_tracking_id: started.body.change_tracking_id, error: null });

    const after = (await owner.get(`/api/props/project/${ref}/settings`)).body;
    expect(after.project.jwt_secret).toBe(own);
    expect(after.autoApiService.defaultApiKey).not.toBe(before.autoApiService.defaultApiKey);
    expect(after.autoApiService.serviceApiKey).not.toBe(before.autoApiService.serviceApiKey);

    // A generated secret the second time.
    await owner.post(`/api/projects/${ref}/config/secrets/update-jwt-secret`, {});
    await waitForJwtStatus('updated');
    const generated = (await owner.get(`/api/props/project/${ref}/settings`)).body.project.jwt_secret;
    expect(generated).not.toBe(own);
    expect(generated.length).toBeGreaterThanOrEqual(40);
  });

  it('serves the REST OpenAPI document for the API docs, and old keys stop working after a rotation', async () => {
    const before = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService;
    const rest = (key: string) => fetch(`${platform.url}/p/${ref}/rest/v1/`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
    expect((await rest(before.defaultApiKey)).status).toBe(200);
    const document = await owner.get(`/api/platform/projects/${ref}/api/rest`);
    expect(document.status).toBe(200);
    expect(document.body.swagger).toBe('2.0');

    await owner.post(`/api/projects/${ref}/config/secrets/update-jwt-secret`, {});
    await waitForJwtStatus('updated');
    const after = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService;
    // The gateway caches a project for at most a second or two.
    for (let i = 0; i < 40 && (await rest(before.defaultApiKey)).status !== 401; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await rest(before.defaultApiKey)).status).toBe(401);
    expect((await rest(after.defaultApiKey)).status).toBe(200);
  });

  it('edits exposed schemas, max rows and query plans, refusing schemas that do not exist', async () => {
    expect((await owner.get(`/api/projects/${ref}/config/postgrest`)).body).toEqual({ db_schema: 'public,graphql_public', max_rows: 1000, db_plan_enabled: false });
    const missing = await owner.patch(`/api/projects/${ref}/config/postgrest`, { db_schema: 'public, nope' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('nope');
    expect((await owner.patch(`/api/projects/${ref}/config/postgrest`, { db_schema: 'public, storage', max_rows: 50 })).body).toEqual({
      db_schema: 'public,storage',
      max_rows: 50,
      db_plan_enabled: false,
    });
    expect((await owner.patch(`/api/projects/${ref}/config/postgrest`, { db_plan_enabled: true })).body).toMatchObject({ max_rows: 50, db_plan_enabled: true });
    expect((await owner.patch(`/api/projects/${ref}/config/postgrest`, { db_plan_enabled: 'yes' })).status).toBe(400);
    expect((await owner.patch(`/api/projects/${ref}/config/postgrest`, { max_rows: 0 })).status).toBe(400);
  });

  it('keeps key rotation and API settings from read-only members, and answers custom-hostname as not configured', async () => {
    const member = await signUp(platform.url, uniqueEmail('ro'));
    await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role: 'Read-only' });
    const [invitation] = (await member.api.get('/api/profile/invitations')).body;
    await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    expect((await member.api.post(`/api/projects/${ref}/config/secrets/update-jwt-secret`, {})).status).toBe(403);
    expect((await member.api.patch(`/api/projects/${ref}/config/postgrest`, { max_rows: 5 })).status).toBe(403);
    expect((await member.api.patch(`/api/projects/${ref}/config/postgrest`, { db_plan_enabled: true })).status).toBe(403);

    const hostname = await owner.get(`/api/projects/${ref}/custom-hostname`);
    expect(hostname.status).toBe(400);
    expect(hostname.body.message).toContain('custom hostname configuration');
  });
});
