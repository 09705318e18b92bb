import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { DEFAULT_ENGINE, startPlatform } from '../support/platform.ts';

describe.each([DEFAULT_ENGINE])('permissions and isolation on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  beforeAll(async () => {
    platform = await startPlatform({ engine });
  });
  afterAll(async () => platform?.stop());

  /** An owner with a team-plan organisation, so every role can be assigned. */
  async function teamWithMember(role: string) {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Team org', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const member = await signUp(platform.url, uniqueEmail(role.replace(/\W/g, '')));
    const invite = await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email: member.email.toUpperCase(), role });
    expect(invite.status).toBe(200);
    const mine = await member.api.get('/api/profile/invitations');
    expect(mine.body).toEqual([expect.objectContaining({ organization_slug: slug, role })]);
    const accepted = await member.api.post(`/api/organizations/${slug}/members/invitations/${mine.body[0].id}/accept`);
    expect(accepted.body).toMatchObject({ slug, role });
    return { owner, member, slug };
  }

  it('a Developer works in projects but cannot create projects, invite or delete the organisation', async () => {
    const { owner, member, slug } = await teamWithMember('Developer');
    const created = await owner.api.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' });
    await waitForStatus(owner.api, created.body.ref, 'ACTIVE_HEALTHY');

    expect((await member.api.get(`/api/projects/${created.body.ref}`)).status).toBe(200);
    expect((await member.api.get(`/api/props/project/${created.body.ref}/settings`)).body.autoApiService.serviceApiKey).toBeTruthy();
    for (const denied of [
      await member.api.post('/api/projects', { name: 'q', organization_slug: slug, db_pass: 'a-long-db-password' }),
      await member.api.post(`/api/organizations/${slug}/members/invitations`, { email: uniqueEmail(), role: 'Developer' }),
      await member.api.delete(`/api/organizations/${slug}`, { confirm_slug: slug }),
      await member.api.delete(`/api/projects/${created.body.ref}`, { confirm_ref: created.body.ref }),
      await member.api.patch(`/api/organizations/${slug}/members/${owner.userId}`, { role: 'Developer' }),
    ]) {
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('forbidden');
    }
  });

  it('a Read-only member sees but cannot change, and never sees the service key', async () => {
    const { owner, member, slug } = await teamWithMember('Read-only');
    const created = await owner.api.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' });
    await waitForStatus(owner.api, created.body.ref, 'ACTIVE_HEALTHY');
    const settings = await member.api.get(`/api/props/project/${created.body.ref}/settings`);
    expect(settings.status).toBe(200);
    expect(settings.body.autoApiService.serviceApiKey).toBeUndefined();
    expect(settings.body.project.jwt_secret).toBeUndefined();
    expect(JSON.stringify(settings.body)).not.toContain('service_role');
    expect((await member.api.patch(`/api/projects/${created.body.ref}`, { name: 'renamed' })).status).toBe(403);
    expect((await member.api.post(`/api/projects/${created.body.ref}/pause`)).status).toBe(403);
    expect((await member.api.patch(`/api/organizations/${slug}`, { name: 'x' })).status).toBe(403);
    expect((await member.api.get(`/api/organizations/${slug}/audit`)).status).toBe(403);
  });

  it('an Administrator manages members but cannot delete the organisation or touch owners; the last owner cannot leave', async () => {
    const { owner, member: admin, slug } = await teamWithMember('Administrator');
    expect((await admin.api.delete(`/api/organizations/${slug}`, { confirm_slug: slug })).status).toBe(403);
    expect((await admin.api.patch(`/api/organizations/${slug}/members/${owner.userId}`, { role: 'Developer' })).status).toBe(403);
    expect((await admin.api.patch(`/api/organizations/${slug}/members/${admin.userId}`, { role: 'Owner' })).status).toBe(403);

    const leave = await owner.api.delete(`/api/organizations/${slug}/members/${owner.userId}`);
    expect(leave.status).toBe(409);
    expect(leave.body.code).toBe('last_owner');
    const demote = await owner.api.patch(`/api/organizations/${slug}/members/${owner.userId}`, { role: 'Developer' });
    expect(demote.body.code).toBe('last_owner');

    // With a second owner, the first may leave.
    expect((await owner.api.patch(`/api/organizations/${slug}/members/${admin.userId}`, { role: 'Owner' })).body.role).toBe('Owner');
    expect((await owner.api.delete(`/api/organizations/${slug}/members/${owner.userId}`)).status).toBe(200);
    expect((await owner.api.get(`/api/organizations/${slug}`)).status).toBe(404);
  });

  it('Administrator, Read-only and Billing admin are only assignable on Team and Enterprise plans', async () => {
    const owner = await signUp(platform.url);
    const slug = (await owner.api.post('/api/organizations', { name: 'Free org' })).body.slug;
    expect((await owner.api.get(`/api/organizations/${slug}/roles`)).body).toEqual(['Owner', 'Developer']);
    const invite = await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email: uniqueEmail(), role: 'Read-only' });
    expect(invite.body.code).toBe('role_not_available');
  });

  it("one organisation never sees another's organisations, projects, members or audit", async () => {
    const alice = await signUp(platform.url);
    const bob = await signUp(platform.url);
    const slug = (await alice.api.post('/api/organizations', { name: 'Alice Inc' })).body.slug;
    const ref = (await alice.api.post('/api/projects', { name: 'secret', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(alice.api, ref, 'ACTIVE_HEALTHY');

    expect((await bob.api.get('/api/organizations')).body).toEqual([]);
    expect((await bob.api.get('/api/projects')).body).toEqual([]);
    for (const path of [
      `/api/organizations/${slug}`,
      `/api/organizations/${slug}/members`,
      `/api/organizations/${slug}/audit`,
      `/api/organizations/${slug}/members/reached-free-project-limit`,
      `/api/projects/${ref}`,
      `/api/projects/${ref}/status`,
      `/api/projects/${ref}/config/storage`,
      `/api/platform/storage/${ref}/buckets`,
      `/api/props/project/${ref}/settings`,
    ]) {
      const response = await bob.api.get(path);
      expect(response.status, path).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('secret');
    }
    expect((await bob.api.delete(`/api/projects/${ref}`, { confirm_ref: ref })).status).toBe(404);
    expect((await bob.api.post('/api/projects', { name: 'x', organization_slug: slug, db_pass: 'a-long-db-password' })).status).toBe(404);
    expect((await bob.api.get('/api/support/tickets')).body).toEqual([]);
  });

  it('answers bad input with catalogue errors, never a 500 or a stack trace', async () => {
    const { api, userId, email } = await signUp(platform.url);
    const anonymous = new ApiClient(platform.url);
    const forged = await new SignJWT({ sub: userId, email, role: 'authenticated', aal: 'aal1', session_id: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-platform-secret'));
    const cases: [string, Promise<{ status: number; body: { code: string } }>, number, string][] = [
      ['malformed JSON', api.request('POST', '/api/organizations', '{"name": '), 400, 'invalid_json'],
      ['wrong types', api.post('/api/organizations', { name: 42 }), 400, 'validation_failed'],
      ['missing field', api.post('/api/projects', { name: 'x' }), 400, 'validation_failed'],
      ['short password', api.post('/api/projects', { name: 'x', organization_slug: 'abc', db_pass: 'short' }), 400, 'validation_failed'],
      ['bad ref', api.get('/api/projects/NOT-A-REF'), 400, 'validation_failed'],
      ['unknown slug', api.get('/api/organizations/no-such-org'), 404, 'organization_not_found'],
      ['unknown ref', api.get('/api/projects/abcdefghijabcdefghij'), 404, 'project_not_found'],
      ['no session', anonymous.get('/api/organizations'), 401, 'not_authenticated'],
      ['forged JWT', new ApiClient(platform.url, forged).get('/api/organizations'), 401, 'invalid_jwt'],
      ['garbage JWT', new ApiClient(platform.url, 'abc.def.ghi').get('/api/projects'), 401, 'invalid_jwt'],
      ['oversized body', api.post('/api/organizations', { name: 'x'.repeat(2 * 1024 * 1024) }), 413, 'body_too_large'],
      ['unknown route', api.get('/api/nope'), 404, 'route_not_found'],
      // Integrations are built (control/git/): an organisation the caller is not in reads as not found.
      ['integrations of an unknown organisation', api.get('/api/platform/integrations/vercel'), 404, 'organization_not_found'],
      ['not JSON', api.request('POST', '/api/organizations', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type'],
    ];
    for (const [name, call, status, code] of cases) {
      const response = await call;
      expect(response.status, name).toBe(status);
      expect(response.body.code, name).toBe(code);
      expect(JSON.stringify(response.body), name).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
    }
  });

  it('keeps support tickets to their author and serves the OpenAPI document', async () => {
    const { api } = await signUp(platform.url);
    const ticket = await api.post('/api/support/tickets', { category: 'Database_unresponsive', project_ref: 'abcdefghijabcdefghij', subject: 'Help', message: 'It is slow' });
    expect(ticket.status).toBe(200);
    expect((await api.get('/api/support/tickets')).body).toEqual([ticket.body]);
    expect((await api.post('/api/support/tickets', { category: 'Nope', subject: 's', message: 'm' })).body.code).toBe('validation_failed');
    const { api: other } = await signUp(platform.url);
    expect((await other.get('/api/support/tickets')).body).toEqual([]);

    const openapi = await new ApiClient(platform.url).get('/api/openapi.json');
    expect(openapi.body.openapi).toBe('3.1.0');
    expect(openapi.body.paths['/api/projects'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'organization_slug', 'db_pass']),
    );
  });
});
