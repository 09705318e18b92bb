import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationOf, projectRowByRef } from '../../src/control/project-rows.ts';
import { signUp, waitForStatus } from '../support/client.ts';
import { ENGINES, startPlatform } from '../support/platform.ts';

describe.each(ENGINES)('project lifecycle on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  beforeAll(async () => {
    platform = await startPlatform({ engine });
  });
  afterAll(async () => platform?.stop());

  it('sign-up -> organisation -> project -> ACTIVE_HEALTHY -> a real bootstrapped database -> delete', async () => {
    const { api, email } = await signUp(platform.url);

    const org = await api.post('/api/platform/organizations', { name: 'Acme Corp' });
    expect(org.status).toBe(200);
    expect(org.body).toMatchObject({ slug: 'acme-corp', name: 'Acme Corp', plan: { id: 'free' }, role: 'Owner', is_owner: true });

    const created = await api.post('/api/platform/projects', { name: 'Todo app', organization_slug: org.body.slug, db_pass: 'a-long-db-password' });
    expect(created.status).toBe(200);
    const ref: string = created.body.ref;
    expect(ref).toMatch(/^[a-z]{20}$/);
    expect(created.body.status).toBe('COMING_UP');

    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const listed = await api.get('/api/projects');
    expect(listed.body.map((p: { ref: string }) => p.ref)).toEqual([ref]);
    expect(listed.body[0]).toMatchObject({ status: 'ACTIVE_HEALTHY', organization_slug: org.body.slug, engine });
    expect((await api.get(`/api/projects/${ref}/live`)).body).toEqual({ live: true });

    const settings = await api.get(`/api/props/project/${ref}/settings`);
    expect(settings.status).toBe(200);
    const keys = settings.body.services[0].service_api_keys;
    expect(keys.map((k: { tags: string }) => k.tags).sort()).toEqual(['anon', 'service_role']);
    expect(settings.body.autoApiService.endpoint).toBe(`${platform.url}/p/${ref}`);
    const anonClaims = JSON.parse(Buffer.from(settings.body.autoApiService.defaultApiKey.split('.')[1], 'base64url').toString());
    expect(anonClaims).toMatchObject({ role: 'anon', ref });
    expect(settings.body.project.jwt_secret).toMatch(/^[\w-]{40,}$/);

    // The database really exists and is bootstrapped as a Supabase project is.
    const row = (await projectRowByRef(platform.control.db, ref))!;
    const db = await platform.control.engine.project(locationOf(row));
    const roles = await db.query<{ rolname: string }>(
      `select rolname from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by 1`,
    );
    expect(roles.rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'authenticator', 'service_role']);
    const uid = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: '8d0f4d9c-1b7a-4c55-9d7e-2f1b9a0c1e11', role: 'authenticated' })]);
      return (await tx.query<{ uid: string; role: string }>('select auth.uid()::text as uid, auth.role() as role')).rows[0];
    });
    expect(uid).toEqual({ uid: '8d0f4d9c-1b7a-4c55-9d7e-2f1b9a0c1e11', role: 'authenticated' });

    // Deleting needs the typed confirmation, then removes the database and its files.
    expect((await api.delete(`/api/projects/${ref}`, { confirm_ref: 'wrong' })).body.code).toBe('confirmation_mismatch');
    const deleted = await api.delete(`/api/projects/${ref}`, { confirm_ref: ref });
    expect(deleted.status).toBe(200);
    expect((await api.get(`/api/projects/${ref}`)).status).toBe(404);
    expect(existsSync(path.join(platform.dataDir, 'projects', ref))).toBe(false);
    if (engine === 'postgres') {
      await expect(platform.control.engine.isLive(locationOf(row))).resolves.toBe(false);
    }

    // Every state change left an audit entry with actor, organisation, project, action, target and IP.
    const audit = await api.get(`/api/organizations/${org.body.slug}/audit`);
    const actions = audit.body.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['project.delete', 'project.create', 'organization.create']);
    expect(audit.body.entries[0]).toMatchObject({ actor_email: email, project_ref: ref, target: 'Todo app', organization_slug: org.body.slug });
    expect(audit.body.entries[0].ip).toBeTruthy();
  });

  it('enforces 2 active free projects per owner, frees a slot on pause, and blocks restore at the limit', async () => {
    const { api, email } = await signUp(platform.url);
    const slug = (await api.post('/api/organizations', { name: 'Limits' })).body.slug;
    const make = (name: string) => api.post('/api/projects', { name, organization_slug: slug, db_pass: 'a-long-db-password' });
    const first = (await make('one')).body.ref;
    const second = (await make('two')).body.ref;
    await waitForStatus(api, first, 'ACTIVE_HEALTHY');
    await waitForStatus(api, second, 'ACTIVE_HEALTHY');

    const reached = await api.get(`/api/organizations/${slug}/members/reached-free-project-limit`);
    expect(reached.body).toEqual([{ username: email.split('@')[0], primary_email: email, free_project_limit: 2 }]);
    const third = await make('three');
    expect(third.status).toBe(400);
    expect(third.body.code).toBe('free_project_limit_reached');

    // Pause: PAUSING -> INACTIVE, and the slot is free again.
    expect((await api.post(`/api/platform/projects/${first}/pause`)).body.status).toBe('PAUSING');
    await waitForStatus(api, first, 'INACTIVE');
    const replacement = await make('three');
    expect(replacement.status).toBe(200);
    await waitForStatus(api, replacement.body.ref, 'ACTIVE_HEALTHY');

    // Restoring the paused one would exceed the limit.
    const blocked = await api.post(`/api/platform/projects/${first}/restore`);
    expect(blocked.body.code).toBe('free_project_limit_reached');
    await api.delete(`/api/projects/${replacement.body.ref}`, { confirm_ref: replacement.body.ref });
    const restored = await api.request('POST', `/api/platform/projects/${first}/restore`);
    expect(restored.body.status).toBe('RESTORING');
    await waitForStatus(api, first, 'ACTIVE_HEALTHY');
  });
});
