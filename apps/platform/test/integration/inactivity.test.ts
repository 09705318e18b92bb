/**
 * Inactivity pausing: with the platform's clock moved a week and a day ahead (instead of waiting a
 * week), the scheduled job pauses a free project nobody used, with an audit entry and a mail to the
 * owner, and leaves alone a free project used "today" through its REST API and a Pro project.
 *
 * The pause is platform work, not engine behaviour; embedded provisions fastest, so it runs there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityFor, INACTIVITY_PAUSE_ACTION } from '../../src/control/inactivity.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp-server.ts';

const DAY_MS = 86_400_000;

describe('inactivity pausing', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let smtp: SmtpTestServer;
  let api: ApiClient;
  let ownerEmail = '';
  let freeSlug = '';
  const refs = { idle: '', used: '', pro: '' };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    platform = await startPlatform({ engine: 'embedded' });
    const owner = await signUp(platform.url);
    // The platform's mail server, set once the owner exists (with it, dashboard sign-ups wait for a confirmation mail).
    platform.control.config.smtpUrl = `smtp://127.0.0.1:${smtp.port}?from=plinth@example.com`;
    ({ api, email: ownerEmail } = owner);
    freeSlug = (await api.post('/api/organizations', { name: 'Free org', plan: 'free' })).body.slug;
    const proSlug = (await api.post('/api/organizations', { name: 'Pro org', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    const create = async (name: string, slug: string) =>
      (await api.post('/api/projects', { name, organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref as string;
    refs.idle = await create('forgotten', freeSlug);
    refs.used = await create('busy', freeSlug);
    refs.pro = await create('paid', proSlug);
    for (const ref of Object.values(refs)) await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await smtp?.stop();
  });

  const lastActive = async (ref: string) =>
    (await platform.control.db.query<{ at: Date }>('select last_active_at as at from projects where ref = $1', [ref])).rows[0].at.getTime();

  it('pauses the idle free project only, with an audit entry and a mail to the owner', { timeout: 120_000 }, async () => {
    const anonKey = async (ref: string) => (await api.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey as string;
    const keys = { idle: await anonKey(refs.idle), used: await anonKey(refs.used) };
    const later = Date.now() + 8 * DAY_MS;
    activityFor(platform.control).now = () => new Date(later);

    // "Eight days later" the busy project is used through its data plane, and nothing else is used.
    const rest = await fetch(`${platform.url}/p/${refs.used}/rest/v1/`, { headers: { apikey: keys.used, authorization: `Bearer ${keys.used}` } });
    expect(rest.status).toBe(200);
    // The stamp is written in the background: wait for it.
    for (const deadline = Date.now() + 10_000; (await lastActive(refs.used)) < later - DAY_MS; ) {
      if (Date.now() > deadline) throw new Error('the REST request was not recorded as activity');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // The hourly job, run now through the job queue as the schedule would.
    const jobId = await platform.control.jobs.send('project-inactivity-pause', {});
    await platform.control.jobs.waitFor('project-inactivity-pause', jobId);

    await waitForStatus(api, refs.idle, 'INACTIVE');
    expect((await api.get(`/api/platform/projects/${refs.used}/status`)).body.status).toBe('ACTIVE_HEALTHY');
    expect((await api.get(`/api/platform/projects/${refs.pro}/status`)).body.status).toBe('ACTIVE_HEALTHY');

    const audit = await api.get(`/api/organizations/${freeSlug}/audit?limit=50`);
    expect(audit.status).toBe(200);
    const entry = audit.body.entries.find((e: { action: string }) => e.action === INACTIVITY_PAUSE_ACTION);
    expect(entry).toMatchObject({ project_ref: refs.idle, target: 'forgotten', actor_id: null });
    expect(audit.body.entries.filter((e: { action: string }) => e.action === INACTIVITY_PAUSE_ACTION)).toHaveLength(1);

    const mail = await smtp.waitFor(ownerEmail);
    expect(mail.raw).toContain('Subject: Your project forgotten has been paused');
    expect(mail.raw).toContain(`/project/${refs.idle}`);

    // Paused for real: its data plane refuses requests until it is restored.
    const paused = await fetch(`${platform.url}/p/${refs.idle}/rest/v1/`, { headers: { apikey: keys.idle, authorization: `Bearer ${keys.idle}` } });
    expect(paused.status).toBeGreaterThanOrEqual(400);

    // Run again, nothing more happens: the paused project is not ACTIVE_HEALTHY, the others are in use or paid.
    const again = await platform.control.jobs.send('project-inactivity-pause', {});
    await platform.control.jobs.waitFor('project-inactivity-pause', again);
    expect((await api.get(`/api/platform/projects/${refs.used}/status`)).body.status).toBe('ACTIVE_HEALTHY');
    expect((await api.get(`/api/platform/projects/${refs.pro}/status`)).body.status).toBe('ACTIVE_HEALTHY');
  });
});
