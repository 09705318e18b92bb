import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { DEFAULT_ENGINE, TEST_POSTGRES_URL, startPlatform, type EngineName } from '../support/platform.ts';

/** Settings > General: moving a project to another organisation, and restarting its services. */

type Platform = Awaited<ReturnType<typeof startPlatform>>;

async function invite(platform: Platform, owner: ApiClient, slug: string, role: string, member?: Awaited<ReturnType<typeof signUp>>) {
  const who = member ?? (await signUp(platform.url, uniqueEmail(role.replace(/\W/g, ''))));
  expect((await owner.post(`/api/organizations/${slug}/members/invitations`, { email: who.email, role })).status).toBe(200);
  const mine = await who.api.get('/api/profile/invitations');
  const invitation = mine.body.find((i: { organization_slug: string }) => i.organization_slug === slug);
  expect((await who.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`)).status).toBe(200);
  return who;
}

async function createProject(api: ApiClient, slug: string, name: string): Promise<string> {
  const created = await api.post('/api/projects', { name, organization_slug: slug, db_pass: 'a-long-db-password' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await waitForStatus(api, created.body.ref, 'ACTIVE_HEALTHY');
  return created.body.ref;
}

async function sql(api: ApiClient, ref: string, query: string) {
  const response = await api.post(`/api/platform/pg-meta/${ref}/query`, { query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** The project's REST API as a client sees it, with its service key. */
async function restRows(platform: Platform, api: ApiClient, ref: string, path: string) {
  const settings = await api.get(`/api/props/project/${ref}/settings`);
  const key: string = settings.body.autoApiService.serviceApiKey;
  const response = await fetch(`${platform.url}/p/${ref}/rest/v1/${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.json() };
}

describe(`project transfer on the ${DEFAULT_ENGINE} engine`, () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(async () => platform?.stop());

  it('moves a project to an organisation the caller administers, refuses everyone else, and keeps data and keys working', async () => {
    const owner = await signUp(platform.url);
    const source: string = (await owner.api.post('/api/organizations', { name: 'Source team', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const target: string = (await owner.api.post('/api/organizations', { name: 'Target free' })).body.slug;
    const ref = await createProject(owner.api, source, 'Movable');
    await sql(owner.api, ref, `create table public.todos (id int primary key, title text); insert into public.todos values (1, 'kept'), (2, 'moved');`);

    // An Administrator of the source who is only a Developer of the target: the preview says why, the move is refused.
    const admin = await invite(platform, owner.api, source, 'Administrator');
    await invite(platform, owner.api, target, 'Developer', admin);
    const adminPreview = await admin.api.post(`/api/platform/projects/${ref}/transfer/preview`, { target_organization_slug: target });
    expect(adminPreview.status).toBe(200);
    expect(adminPreview.body).toMatchObject({ valid: false, errors: [expect.objectContaining({ key: 'target_organization_permission' })] });
    const adminMove = await admin.api.post(`/api/platform/projects/${ref}/transfer`, { target_organization_slug: target });
    expect([adminMove.status, adminMove.body.code]).toEqual([403, 'forbidden']);

    // A Developer of the source may not move it out, even into an organisation they own.
    const developer = await invite(platform, owner.api, source, 'Developer');
    const own: string = (await developer.api.post('/api/organizations', { name: 'Developer own' })).body.slug;
    for (const denied of [
      await developer.api.post(`/api/platform/projects/${ref}/transfer/preview`, { target_organization_slug: own }),
      await developer.api.post(`/api/platform/projects/${ref}/transfer`, { target_organization_slug: own }),
    ]) {
      expect([denied.status, denied.body.code]).toEqual([403, 'forbidden']);
    }
    // An organisation the caller is not in reads as not found; the same organisation is no move.
    const elsewhere = await owner.api.post(`/api/platform/projects/${ref}/transfer`, { target_organization_slug: own });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'organization_not_found']);
    const same = await owner.api.post(`/api/platform/projects/${ref}/transfer`, { target_organization_slug: source });
    expect([same.status, same.body.code]).toEqual([400, 'project_transfer_invalid']);

    // The owner administers both: the preview is valid and names the plan change, then the move happens.
    const preview = await owner.api.post(`/api/platform/projects/${ref}/transfer/preview`, { target_organization_slug: target });
    expect(preview.body).toMatchObject({
      valid: true, errors: [], members_exceeding_free_project_limit: [],
      source_subscription_plan: 'team', target_subscription_plan: 'free',
      warnings: [expect.objectContaining({ key: 'plan_change' })],
    });
    const moved = await owner.api.post(`/api/platform/projects/${ref}/transfer`, { target_organization_slug: target });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ ref, organization_slug: target, status: 'ACTIVE_HEALTHY' });
    expect((await owner.api.get(`/api/projects/${ref}`)).body.organization_slug).toBe(target);

    // Data and keys are untouched.
    expect(await restRows(platform, owner.api, ref, 'todos?select=id,title&order=id')).toEqual({ status: 200, body: [{ id: 1, title: 'kept' }, { id: 2, title: 'moved' }] });

    // Access follows the new organisation: its Developer sees it, the old organisation's Developer does not.
    expect((await admin.api.get(`/api/projects/${ref}`)).status).toBe(200);
    expect((await developer.api.get(`/api/projects/${ref}`)).status).toBe(404);
    expect((await admin.api.post(`/api/platform/projects/${ref}/restart`)).status).toBe(403);

    // One audit entry in each organisation.
    for (const slug of [source, target]) {
      const audit = await owner.api.get(`/api/organizations/${slug}/audit`);
      expect(audit.body.entries[0]).toMatchObject({ action: 'project.transfer', project_ref: ref, actor_email: owner.email, target: `Movable: ${source} -> ${target}` });
    }
  });

  it("refuses a move that would put the target's owners over the free-project limit, naming them", async () => {
    const owner = await signUp(platform.url);
    const paid: string = (await owner.api.post('/api/organizations', { name: 'Paid', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const free: string = (await owner.api.post('/api/organizations', { name: 'Free' })).body.slug;
    const [, , ref] = await Promise.all([createProject(owner.api, free, 'one'), createProject(owner.api, free, 'two'), createProject(owner.api, paid, 'three')]);

    const preview = await owner.api.post(`/api/platform/projects/${ref}/transfer/preview`, { target_organization_slug: free });
    expect(preview.body).toMatchObject({
      valid: false,
      errors: [expect.objectContaining({ key: 'free_project_limit' })],
      members_exceeding_free_project_limit: [{ name: owner.email.split('@')[0], limit: 2 }],
    });
    const refused = await owner.api.post(`/api/platform/projects/${ref}/transfer`, { target_organization_slug: free });
    expect([refused.status, refused.body.code]).toEqual([400, 'free_project_limit_reached']);
    expect(refused.body.details.members).toEqual([{ username: owner.email.split('@')[0], primary_email: owner.email, free_project_limit: 2 }]);
    expect((await owner.api.get(`/api/projects/${ref}`)).body.organization_slug).toBe(paid);
  });
});

describe.each<EngineName>([DEFAULT_ENGINE, 'embedded'])('project restart on the %s engine', (engine) => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform({ engine });
  });
  afterAll(async () => platform?.stop());

  it('restarts the database, keeps the data, answers REST right after, and refuses a Developer', async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Restarts', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const ref = await createProject(owner.api, slug, 'Restartable');
    await sql(owner.api, ref, `create table public.notes (id int primary key, body text); insert into public.notes values (1, 'survives');`);
    expect((await restRows(platform, owner.api, ref, 'notes?select=id,body')).body).toEqual([{ id: 1, body: 'survives' }]);
    const [{ started: before }] = await sql(owner.api, ref, 'select pg_postmaster_start_time()::text as started, pg_backend_pid() as pid');

    const developer = await invite(platform, owner.api, slug, 'Developer');
    const denied = await developer.api.post(`/api/platform/projects/${ref}/restart`);
    expect([denied.status, denied.body.code]).toEqual([403, 'forbidden']);

    const restarted = await owner.api.post(`/api/platform/projects/${ref}/restart`);
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    expect(restarted.body).toMatchObject({ ref, status: 'ACTIVE_HEALTHY' });

    // No waiting: the database answers when the request does.
    expect(await restRows(platform, owner.api, ref, 'notes?select=id,body')).toEqual({ status: 200, body: [{ id: 1, body: 'survives' }] });
    if (engine === 'local') {
      const [{ started: after }] = await sql(owner.api, ref, 'select pg_postmaster_start_time()::text as started');
      expect(after).not.toBe(before);
    }
    // A write after the restart, and the project's liveness.
    await sql(owner.api, ref, `insert into public.notes values (2, 'after')`);
    expect((await restRows(platform, owner.api, ref, 'notes?select=id&order=id')).body).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await owner.api.get(`/api/projects/${ref}/live`)).body).toEqual({ live: true });

    const audit = await owner.api.get(`/api/organizations/${slug}/audit`);
    const restarts = audit.body.entries.filter((entry: { action: string }) => entry.action === 'project.restart');
    expect(restarts).toEqual([expect.objectContaining({ project_ref: ref, actor_email: owner.email, target: 'Restartable' })]);
  });
});

describe('project restart on the postgres engine', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform({ engine: 'postgres' });
  });
  afterAll(async () => platform?.stop());

  it("ends every session on the project's database (the server stays up) and answers again", async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Shared server' })).body.slug;
    const ref = await createProject(owner.api, slug, 'On a server');
    await sql(owner.api, ref, `create table public.notes (id int primary key); insert into public.notes values (1);`);
    // A client connected straight to the project's database, as a person's psql would be.
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/project_${ref}`;
    const direct = new pg.Client({ connectionString: url.toString() });
    const ended = new Promise<void>((resolve) => direct.once('end', () => resolve()));
    direct.on('error', () => undefined);
    await direct.connect();
    const other = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await other.connect();
    try {
      expect((await owner.api.post(`/api/platform/projects/${ref}/restart`)).status).toBe(200);
      await ended;
      // Another database of the same server was not touched.
      expect((await other.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect(await restRows(platform, owner.api, ref, 'notes?select=id')).toEqual({ status: 200, body: [{ id: 1 }] });
    } finally {
      await other.end();
      await direct.end().catch(() => undefined);
    }
  });
});
