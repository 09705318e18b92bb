import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const run = promisify(execFile);
const ADMIN_SCRIPT = fileURLToPath(new URL('../../../../scripts/admin.mjs', import.meta.url));
const MB = 1024 ** 2;
const GB = 1024 ** 3;

/** Plans are platform data, not engine behaviour: the default engine is enough. */
describe('plans, their limits and the operator', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let operator: Awaited<ReturnType<typeof signUp>>;
  const operatorEmail = uniqueEmail('operator');

  beforeAll(async () => {
    // Upper case: the operator list is compared without case, as emails are.
    platform = await startPlatform({ env: { PLINTH_OPERATORS: `someone@else.example, ${operatorEmail.toUpperCase()}` } });
    operator = await signUp(platform.url, operatorEmail);
  });
  afterAll(async () => platform?.stop());

  const setPlan = (slug: string, plan: string) => operator.api.patch(`/api/platform/admin/organizations/${slug}`, { plan });

  async function createProject(api: ApiClient, slug: string, name = 'p') {
    return api.post('/api/projects', { name, organization_slug: slug, db_pass: 'a-long-db-password' });
  }

  /**
   * Audit entries as if written long ago, to see how far back each plan shows the trail. The
   * organisation is made as old as its oldest entry: a trail never shows entries from before the
   * organisation existed (a deleted organisation's slug can be taken again).
   */
  async function backdateAuditEntries(slug: string, ages: Record<string, string>) {
    await platform.control.db.query(`update organizations set inserted_at = now() - interval '1 year' where slug = $1`, [slug]);
    for (const [target, age] of Object.entries(ages)) {
      await platform.control.db.query(
        `insert into audit_log (organization_slug, action, target, occurred_at) values ($1, 'test.backdated', $2, now() - $3::interval)`,
        [slug, target, age],
      );
    }
  }

  it('plan limits read by a service change when the operator changes the plan', async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Growing' })).body.slug;
    const project = await createProject(owner.api, slug);
    expect(project.status).toBe(200);
    await waitForStatus(owner.api, project.body.ref, 'ACTIVE_HEALTHY');
    await backdateAuditEntries(slug, { 'two hours ago': '2 hours', 'ten days ago': '10 days', 'sixty days ago': '60 days' });

    async function observed() {
      const usage = await owner.api.get(`/api/platform/organizations/${slug}/usage`);
      const storage = await owner.api.get(`/api/platform/projects/${project.body.ref}/config/storage`);
      const audit = await owner.api.get(`/api/platform/organizations/${slug}/audit?limit=100`);
      const organization = await owner.api.get(`/api/platform/organizations/${slug}`);
      const databaseSize = usage.body.usages.find((u: { metric: string }) => u.metric === 'DATABASE_SIZE');
      const backdated = audit.body.entries.filter((e: { action: string }) => e.action === 'test.backdated').map((e: { target: string }) => e.target);
      return {
        plan: organization.body.plan.name,
        includedDatabaseBytes: databaseSize.pricing_free_units,
        unlimited: databaseSize.unlimited,
        storage: storage.body,
        backdated,
        planChanges: audit.body.entries.filter((e: { action: string }) => e.action === 'organization.plan_update'),
      };
    }

    const free = await observed();
    expect(free).toMatchObject({ plan: 'Free', includedDatabaseBytes: 500 * MB, unlimited: false, backdated: [], planChanges: [] });
    expect(free.storage).toEqual({ fileSizeLimit: 50 * MB, isFreeTier: true, features: { imageTransformation: { enabled: false } } });

    const toPro = await setPlan(slug, 'pro');
    expect(toPro.status).toBe(200);
    expect(toPro.body).toMatchObject({ slug, plan: { id: 'pro', name: 'Pro' }, previous_plan: 'free', member_count: 1, project_count: 1, members_over_free_project_limit: [] });
    const pro = await observed();
    expect(pro).toMatchObject({ plan: 'Pro', includedDatabaseBytes: 8 * GB, backdated: ['two hours ago'] });
    expect(pro.storage).toMatchObject({ fileSizeLimit: 5 * GB, isFreeTier: false });
    // The change is on the organisation's own trail, by the operator.
    expect(pro.planChanges).toEqual([expect.objectContaining({ actor_email: operatorEmail, target: 'free -> pro' })]);

    await setPlan(slug, 'team');
    expect((await observed()).backdated).toEqual(['ten days ago', 'two hours ago']);

    await setPlan(slug, 'enterprise');
    const enterprise = await observed();
    expect(enterprise).toMatchObject({ plan: 'Enterprise', includedDatabaseBytes: null, unlimited: true, backdated: ['sixty days ago', 'ten days ago', 'two hours ago'] });
    expect(enterprise.storage.fileSizeLimit).toBe(5 * GB);

    const listed = await operator.api.get('/api/platform/admin/organizations');
    expect(listed.body).toContainEqual(expect.objectContaining({ slug, plan: { id: 'enterprise', name: 'Enterprise' } }));
  });

  it('lets only operators list organisations or set a plan, and checks what they send', async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Not an operator' })).body.slug;

    const list = await owner.api.get('/api/platform/admin/organizations');
    expect(list.status).toBe(403);
    const own = await owner.api.patch(`/api/platform/admin/organizations/${slug}`, { plan: 'enterprise' });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('forbidden');
    expect((await owner.api.get(`/api/organizations/${slug}`)).body.plan.id).toBe('free');

    const badPlan = await setPlan(slug, 'platinum');
    expect(badPlan.status).toBe(400);
    expect(badPlan.body.code).toBe('validation_failed');
    expect((await operator.api.patch(`/api/platform/admin/organizations/${slug}`, {})).status).toBe(400);
    const unknown = await setPlan('no-such-organization', 'pro');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('organization_not_found');
  });

  it('sets a plan from the command line, with clear errors', async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Command line' })).body.slug;
    // The command's default path: an operator's personal access token on /api/v1.
    const env = (token: string) => ({ ...process.env, PLINTH_URL: platform.url, PLINTH_ACCESS_TOKEN: token });
    const mintToken = async (api: ApiClient, scopes?: string[]) => {
      const created = await api.post('/api/platform/profile/access-tokens', { name: 'admin command', ...(scopes && { scopes }) });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body.token as string;
    };
    const operatorToken = await mintToken(operator.api, ['admin']);
    const done = await run(process.execPath, [ADMIN_SCRIPT, 'set-plan', slug, 'team'], { env: env(operatorToken) });
    expect(done.stdout).toContain(`${slug}: plan free -> team (Team)`);
    expect((await owner.api.get(`/api/organizations/${slug}`)).body.plan.id).toBe('team');

    const refused = await run(process.execPath, [ADMIN_SCRIPT, 'set-plan', slug, 'free'], { env: env(await mintToken(owner.api)) }).catch((error) => error);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('failed with 403: Only an operator');
    // An operator's token limited to other scopes cannot set plans.
    const narrow = await run(process.execPath, [ADMIN_SCRIPT, 'set-plan', slug, 'free'], { env: env(await mintToken(operator.api, ['projects:read'])) }).catch(
      (error) => error,
    );
    expect(narrow.code).toBe(1);
    expect(narrow.stderr).toContain('failed with 403');
    const badPlan = await run(process.execPath, [ADMIN_SCRIPT, 'set-plan', slug, 'gold'], { env: env(operatorToken) }).catch((error) => error);
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toContain('failed with 400');
    const noToken = await run(process.execPath, [ADMIN_SCRIPT, 'set-plan', slug, 'free'], { env: { ...env(''), PLINTH_ACCESS_TOKEN: '' } }).catch((error) => error);
    expect(noToken.stderr).toContain('PLINTH_ACCESS_TOKEN is not set');
    expect((await owner.api.get(`/api/organizations/${slug}`)).body.plan.id).toBe('team');
  });

  async function join(owner: ApiClient, slug: string, role: string) {
    const member = await signUp(platform.url, uniqueEmail(role.replace(/\W/g, '')));
    const invited = await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    return { ...member, accept: () => member.api.post(`/api/organizations/${slug}/members/invitations/${invited.body.id}/accept`) };
  }

  it('offers Owner and Developer on Free, every role on Team, and members keep their role when the plan changes', async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Roles' })).body.slug;
    const invite = (role: string) => owner.api.post(`/api/organizations/${slug}/members/invitations`, { email: uniqueEmail(), role });
    const setRole = (userId: string, role: string) => owner.api.patch(`/api/organizations/${slug}/members/${userId}`, { role });

    expect((await owner.api.get(`/api/organizations/${slug}/roles`)).body).toEqual(['Owner', 'Developer']);
    expect((await invite('Administrator')).body.code).toBe('role_not_available');
    const secondOwner = await invite('Owner');
    expect(secondOwner.status).toBe(400);
    expect(secondOwner.body).toMatchObject({ code: 'additional_owner_not_available', message: expect.stringContaining('Team plan') });
    const developer = await join(owner.api, slug, 'Developer');
    expect((await developer.accept()).status).toBe(200);
    expect((await setRole(developer.userId, 'Owner')).body.code).toBe('additional_owner_not_available');

    await setPlan(slug, 'team');
    expect((await owner.api.get(`/api/organizations/${slug}/roles`)).body).toEqual(['Owner', 'Administrator', 'Developer', 'Read-only', 'Billing admin']);
    const administrator = await join(owner.api, slug, 'Administrator');
    expect((await administrator.accept()).status).toBe(200);
    const readOnly = await join(owner.api, slug, 'Read-only');
    expect((await setRole(developer.userId, 'Owner')).body.role).toBe('Owner');

    await setPlan(slug, 'free');
    const members = (await owner.api.get(`/api/organizations/${slug}/members`)).body as { user_id: string; role: string }[];
    expect(members.find((m) => m.user_id === administrator.userId)?.role).toBe('Administrator');
    expect(members.filter((m) => m.role === 'Owner')).toHaveLength(2);
    // An invitation sent on Team is a new assignment when accepted on Free.
    const late = await readOnly.accept();
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('role_not_available');
    expect((await setRole(administrator.userId, 'Developer')).body.role).toBe('Developer');
    expect((await setRole(administrator.userId, 'Administrator')).body.code).toBe('role_not_available');
  });

  it('counts owners and administrators toward the free-project limit, across plan changes', async () => {
    // Ada owns a free organisation with the two free projects the Free plan allows her.
    const ada = await signUp(platform.url, uniqueEmail('ada'));
    const adaOrg: string = (await ada.api.post('/api/organizations', { name: 'Ada' })).body.slug;
    for (const name of ['one', 'two']) expect((await createProject(ada.api, adaOrg, name)).status).toBe(200);
    expect((await createProject(ada.api, adaOrg, 'three')).body.code).toBe('free_project_limit_reached');

    // She becomes Administrator of a Team organisation that the operator then moves to Free: she keeps
    // the role, and her free projects block new ones there too.
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Shared', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const invited = await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email: ada.email, role: 'Administrator' });
    expect((await ada.api.post(`/api/organizations/${slug}/members/invitations/${invited.body.id}/accept`)).body.role).toBe('Administrator');
    await setPlan(slug, 'free');
    const blocked = await createProject(owner.api, slug);
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({ code: 'free_project_limit_reached', details: { members: [{ primary_email: ada.email, free_project_limit: 2 }] } });
    expect((await owner.api.get(`/api/organizations/${slug}/members/reached-free-project-limit`)).body).toEqual([
      expect.objectContaining({ primary_email: ada.email }),
    ]);

    // Her organisation on Pro: its projects are no longer free ones.
    await setPlan(adaOrg, 'pro');
    expect((await createProject(owner.api, slug)).status).toBe(200);
    expect((await createProject(ada.api, adaOrg, 'three')).status).toBe(200);

    // Back to Free she holds four active free projects: the operator's change is made and reported.
    const downgrade = await setPlan(adaOrg, 'free');
    expect(downgrade.status).toBe(200);
    expect(downgrade.body.members_over_free_project_limit).toEqual([
      { username: ada.email.split('@')[0], primary_email: ada.email, active_free_projects: 4, free_project_limit: 2 },
    ]);
    expect((await createProject(ada.api, adaOrg, 'four')).body.code).toBe('free_project_limit_reached');
  });
});
