import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const MB = 1024 ** 2;
const GB = 1024 ** 3;
const MANUAL = { provider: 'manual', details: { billing_email: 'accounts@example.com', billing_address: '1 Main St', purchase_order: 'PO-7' } };

/** Members are added as an accepted invitation would add them: the roles, not the invitation flow, are under test. */
async function addMember(platform: Awaited<ReturnType<typeof startPlatform>>, slug: string, userId: string, role: string) {
  await platform.control.db.query(
    `insert into members (organization_id, user_id, role) select id, $2, $3 from organizations where slug = $1`,
    [slug, userId, role],
  );
}

describe('subscriptions: plan changes, spend cap, payment method, add-ons', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'embedded' });
  });
  afterAll(async () => platform?.stop());

  const subscriptionOf = (api: ApiClient, slug: string) => api.get(`/api/platform/organizations/${slug}/billing/subscription`);
  const changePlan = (api: ApiClient, slug: string, body: object) => api.put(`/api/platform/organizations/${slug}/billing/subscription`, body);

  it('changes the plan with billing write only, needs a payment method, and the new limits apply', async () => {
    const owner = await signUp(platform.url);
    const developer = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Billing co' })).body.slug;
    await addMember(platform, slug, developer.userId, 'Developer');
    const project = await owner.api.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' });
    expect(project.status).toBe(200);
    await waitForStatus(owner.api, project.body.ref, 'ACTIVE_HEALTHY');
    const storageConfig = async () => (await owner.api.get(`/api/platform/projects/${project.body.ref}/config/storage`)).body;

    const initial = await subscriptionOf(owner.api, slug);
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ plan: { id: 'free', name: 'Free' }, usage_billing_enabled: false, payment_method: null, changes_enabled: true });
    expect(initial.body.current_period_end).toBeGreaterThan(initial.body.current_period_start);
    expect((await storageConfig()).fileSizeLimit).toBe(50 * MB);

    // A developer sees the subscription but may not change it.
    expect((await subscriptionOf(developer.api, slug)).status).toBe(200);
    const refused = await changePlan(developer.api, slug, { plan: 'pro' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await developer.api.put(`/api/platform/organizations/${slug}/billing/payment-method`, MANUAL)).status).toBe(403);

    const noPayment = await changePlan(owner.api, slug, { plan: 'pro' });
    expect(noPayment.status).toBe(402);
    expect(noPayment.body.message).toBe('Add a payment method before moving to the Pro plan.');

    const paid = await owner.api.put(`/api/platform/organizations/${slug}/billing/payment-method`, MANUAL);
    expect(paid.status).toBe(200);
    expect(paid.body.payment_method).toEqual({ provider: 'manual', summary: 'Invoice to accounts@example.com (PO PO-7)', details: MANUAL.details });

    const spendCapOnFree = await changePlan(owner.api, slug, { usage_billing_enabled: true });
    expect(spendCapOnFree.status).toBe(402);

    const pro = await changePlan(owner.api, slug, { plan: 'pro' });
    expect(pro.status).toBe(200);
    expect(pro.body.plan).toEqual({ id: 'pro', name: 'Pro' });
    expect((await storageConfig()).fileSizeLimit).toBe(5 * GB);
    expect((await owner.api.get(`/api/organizations/${slug}`)).body.plan.id).toBe('pro');

    const spendCapOff = await changePlan(owner.api, slug, { usage_billing_enabled: true });
    expect(spendCapOff.body.usage_billing_enabled).toBe(true);
    expect((await owner.api.get(`/api/organizations/${slug}`)).body.usage_billing_enabled).toBe(true);

    // Enterprise goes through the contact form, which files a Sales ticket.
    expect((await changePlan(owner.api, slug, { plan: 'enterprise' })).status).toBe(400);
    const contact = await owner.api.post(`/api/platform/organizations/${slug}/billing/enterprise-contact`, { company: 'Billing co', message: 'We need SSO.' });
    expect(contact.status).toBe(201);
    expect(contact.body).toMatchObject({ category: 'Sales', organization_slug: slug, subject: 'Enterprise plan enquiry: Billing co' });

    // Back to Free: the spend cap comes back on, and the upload limit goes back down.
    const free = await changePlan(owner.api, slug, { plan: 'free' });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body.usage_billing_enabled).toBe(false);
    expect((await storageConfig()).fileSizeLimit).toBe(50 * MB);

    const audit = await owner.api.get(`/api/platform/organizations/${slug}/audit?limit=100`);
    const actions = audit.body.entries.map((e: { action: string; target: string }) => `${e.action} ${e.target}`);
    expect(actions).toEqual(expect.arrayContaining([
      'organization.plan_update free -> pro',
      'organization.plan_update pro -> free',
      'organization.spend_cap_update spend cap off',
      'organization.payment_method_update manual: accounts@example.com',
    ]));
  });

  it('creates a paid organisation only with a payment method, and Free as before', async () => {
    const owner = await signUp(platform.url);
    const refused = await owner.api.post('/api/platform/organizations', { name: 'No card', plan: 'team' });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'payment_method_required', message: expect.stringContaining('The Team plan needs a payment method') });
    const badDetails = await owner.api.post('/api/platform/organizations', { name: 'Bad card', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'not an email' } } });
    expect(badDetails.status).toBe(400);
    expect((await owner.api.post('/api/platform/organizations', { name: 'Big', plan: 'enterprise', payment_method: MANUAL })).status).toBe(400);
    // Nothing was created by the refusals.
    expect((await owner.api.get('/api/platform/organizations')).body).toEqual([]);

    const paid = await owner.api.post('/api/platform/organizations', { name: 'Invoiced co', plan: 'pro', payment_method: MANUAL });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.plan).toEqual({ id: 'pro', name: 'Pro' });
    const subscription = (await subscriptionOf(owner.api, paid.body.slug)).body;
    expect(subscription.payment_method).toEqual({ provider: 'manual', summary: 'Invoice to accounts@example.com (PO PO-7)', details: MANUAL.details });
    expect(Math.abs(subscription.billing_cycle_anchor - Date.now() / 1000)).toBeLessThan(60);
    expect((await owner.api.post('/api/platform/organizations', { name: 'Free one' })).status).toBe(200);
  });

  it('spend cap: egress and monthly active users used up refuse downloads, image renders, REST and new sign-ins with 402 until usage billing is turned on', async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Capped', plan: 'pro', payment_method: MANUAL })).body.slug;
    const project = await owner.api.post('/api/projects', { name: 'egress', organization_slug: slug, db_pass: 'a-long-db-password' });
    await waitForStatus(owner.api, project.body.ref, 'ACTIVE_HEALTHY');
    const ref: string = project.body.ref;
    const serviceKey = (await owner.api.get(`/api/props/project/${ref}/settings`)).body.autoApiService.serviceApiKey as string;
    const service = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` };
    const base = `${platform.url}/p/${ref}`;
    expect((await fetch(`${base}/storage/v1/bucket`, { method: 'POST', headers: { ...service, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'files', public: true }) })).status).toBe(200);
    expect((await fetch(`${base}/storage/v1/object/files/a.txt`, { method: 'POST', headers: { ...service, 'content-type': 'text/plain' }, body: 'hello' })).status).toBe(200);
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } } }).png().toBuffer();
    expect((await fetch(`${base}/storage/v1/object/files/a.png`, { method: 'POST', headers: { ...service, 'content-type': 'image/png' }, body: new Uint8Array(image) })).status).toBe(200);
    const download = () => fetch(`${base}/storage/v1/object/public/files/a.txt`);
    const render = () => fetch(`${base}/storage/v1/render/image/public/files/a.png?width=4`);
    const rest = () => fetch(`${base}/rest/v1/`, { headers: service });
    const auth = (path: string, email: string) =>
      fetch(`${base}/auth/v1/${path}`, { method: 'POST', headers: { apikey: serviceKey, 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'a-long-password-1' }) });
    expect((await download()).status).toBe(200);
    expect((await render()).status).toBe(200);
    // Counted this month before the cap is reached.
    expect((await auth('signup', 'early@example.com')).status).toBe(200);

    // The hourly metering has recorded the plan's 250 GB of egress this cycle (no test can send it).
    const now = new Date();
    const { rows } = await platform.control.db.query<{ id: number }>('select id from organizations where slug = $1', [slug]);
    await platform.control.db.query(
      `insert into usage_hourly (project_ref, organization_id, metric, hour, value) values ($1, $2, 'EGRESS', $3, $4), ($1, $2, 'MONTHLY_ACTIVE_USERS', $3, $5)`,
      [ref, rows[0].id, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), 250 * GB, 100_000],
    );
    // Nodes re-read the figures within a few seconds.
    await expect.poll(async () => (await download()).status, { timeout: 10_000, interval: 250 }).toBe(402);
    const refusal = await (await download()).json();
    expect(refusal).toMatchObject({ statusCode: '402', code: 'UsageCapReached', message: 'This organization has used the egress included in the Pro plan for this billing cycle, and its spend cap is on. Turn off the spend cap (usage billing) or upgrade the plan to continue.' });
    const restRefusal = await rest();
    expect(restRefusal.status).toBe(402);
    expect(await restRefusal.json()).toMatchObject({ code: 'usage_cap_reached' });
    // A rendered image is egress too.
    const renderRefusal = await render();
    expect(renderRefusal.status).toBe(402);
    expect(await renderRefusal.json()).toMatchObject({ statusCode: '402', code: 'UsageCapReached' });
    // A user already counted this month signs in; a new one is refused.
    expect((await auth('token?grant_type=password', 'early@example.com')).status).toBe(200);
    const newUser = await auth('signup', 'late@example.com');
    expect(newUser.status).toBe(402);
    expect(await newUser.json()).toMatchObject({ error_code: 'usage_cap_reached', msg: expect.stringContaining('monthly active users included in the Pro plan') });

    expect((await changePlan(owner.api, slug, { usage_billing_enabled: true })).status).toBe(200);
    await expect.poll(async () => (await download()).status, { timeout: 10_000, interval: 250 }).toBe(200);
    expect(await (await download()).text()).toBe('hello');
    expect((await rest()).status).toBe(200);
    expect((await render()).status).toBe(200);
    expect((await auth('signup', 'late@example.com')).status).toBe(200);
  });

  it('refuses a downgrade with every reason, and the free organisation limit', async () => {
    const owner = await signUp(platform.url);
    const readOnly = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Team co' })).body.slug;
    await owner.api.put(`/api/platform/organizations/${slug}/billing/payment-method`, MANUAL);
    expect((await changePlan(owner.api, slug, { plan: 'team' })).status).toBe(200);
    await addMember(platform, slug, readOnly.userId, 'Read-only');
    // Two more free organisations: the most one person may own.
    expect((await owner.api.post('/api/organizations', { name: 'Free one' })).status).toBe(200);
    expect((await owner.api.post('/api/organizations', { name: 'Free two' })).status).toBe(200);
    const third = await owner.api.post('/api/organizations', { name: 'Free three' });
    expect(third.status).toBe(400);
    expect(third.body.code).toBe('free_organization_limit_reached');

    const blocked = await changePlan(owner.api, slug, { plan: 'free' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('plan_downgrade_blocked');
    expect(blocked.body.details.blockers.map((b: { kind: string }) => b.kind)).toEqual(['free_organization_limit', 'member_roles']);
    expect(blocked.body.message).toContain(`${readOnly.email} (Read-only)`);
    // To Pro only the roles are in the way.
    const toPro = await changePlan(owner.api, slug, { plan: 'pro' });
    expect(toPro.body.details.blockers).toEqual([expect.objectContaining({ kind: 'member_roles' })]);
    expect((await subscriptionOf(owner.api, slug)).body.plan.id).toBe('team');

    await platform.control.db.query(`update members set role = 'Developer' where user_id = $1`, [readOnly.userId]);
    expect((await changePlan(owner.api, slug, { plan: 'pro' })).status).toBe(200);
  });

  it('refuses a move to Free while it would take an owner over the free-project limit', async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Many projects' })).body.slug;
    await owner.api.put(`/api/platform/organizations/${slug}/billing/payment-method`, MANUAL);
    expect((await changePlan(owner.api, slug, { plan: 'pro' })).status).toBe(200);
    const refs: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const created = await owner.api.post('/api/projects', { name, organization_slug: slug, db_pass: 'a-long-db-password' });
      expect(created.status).toBe(200);
      refs.push(created.body.ref);
    }
    for (const ref of refs) await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');

    const blocked = await changePlan(owner.api, slug, { plan: 'free' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.details.blockers).toEqual([
      { kind: 'free_project_limit', message: `The Free plan allows 2 active free projects per owner or administrator; ${owner.email} would have 3. Pause or delete projects first.` },
    ]);

    expect((await owner.api.delete(`/api/projects/${refs[2]}`, { confirm_ref: refs[2] })).status).toBe(200);
    const free = await changePlan(owner.api, slug, { plan: 'free' });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
  });

  it('describes add-ons per engine and plan', async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Addons co' })).body.slug;
    const project = await owner.api.post('/api/projects', { name: 'a', organization_slug: slug, db_pass: 'a-long-db-password' });
    await waitForStatus(owner.api, project.body.ref, 'ACTIVE_HEALTHY');
    const addons = await owner.api.get(`/api/platform/projects/${project.body.ref}/billing/addons`);
    expect(addons.status).toBe(200);
    expect(addons.body).toMatchObject({ plan: { id: 'free' }, engine: 'embedded' });
    const byType = Object.fromEntries(addons.body.addons.map((a: { type: string }) => [a.type, a]));
    expect(byType.compute_instance.variant).toContain('Embedded worker');
    expect(byType.pitr.enabled).toBe(false);
    expect(byType.pitr.unavailable_reason).toContain('embedded engine');
    expect(byType.custom_domain.unavailable_reason).toBe('A custom domain is available on the Pro plan and above.');
    expect(byType.ipv4.unavailable_reason).toContain('no pool of addresses');

    const stranger = await signUp(platform.url);
    expect((await stranger.api.get(`/api/platform/projects/${project.body.ref}/billing/addons`)).status).toBe(404);
  });
});

describe('subscription changes switched off by the operator', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  beforeAll(async () => {
    platform = await startPlatform({ engine: 'embedded', env: { PLINTH_SUBSCRIPTION_CHANGES: 'off' } });
  });
  afterAll(async () => platform?.stop());

  it("answers the spec's message and says so in the subscription", async () => {
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Frozen' })).body.slug;
    expect((await owner.api.get(`/api/platform/organizations/${slug}/billing/subscription`)).body.changes_enabled).toBe(false);
    const refused = await owner.api.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'subscription_changes_disabled', message: 'Subscription changes are currently disabled. Our engineers are working on a fix.' });
  });
});
