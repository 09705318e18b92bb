/**
 * Organisation webhooks, legal documents, audit retention and export, account preferences and
 * deletion, against a real platform: webhooks are delivered to an HTTP receiver this test starts
 * (signed, retried after a failure), audit windows are checked with the retention clock moved
 * forward instead of waiting an hour or a week. No projects are made: organisations, members and
 * invitations are the events, which keeps this quick.
 */
import { createHmac } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditClockFor } from '../../src/control/audit-window.ts';
import { signUp, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver: records each request, answers with the next queued status (200 when none is queued). */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(statuses.shift() ?? 200).end('ok');
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    statuses,
    /** Resolves once `count` requests have arrived in all (or fails after `timeoutMs`). */
    async waitForCount(count: number, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} webhook requests arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500).unref();
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('organisation integrations, documents, audit and account', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: { api: ApiClient; email: string; userId: string };
  let outsider: { api: ApiClient; email: string; userId: string };
  let freeSlug = '';
  let proSlug = '';

  beforeAll(async () => {
    receiver = await startReceiver();
    // The receiver listens on loopback, which the request-forgery guard refuses unless allowed.
    platform = await startPlatform({ env: { PLINTH_WEBHOOKS_ALLOW_PRIVATE: 'on' } });
    owner = await signUp(platform.url);
    outsider = await signUp(platform.url);
    freeSlug = (await owner.api.post('/api/organizations', { name: 'Free org', plan: 'free' })).body.slug;
    proSlug = (await owner.api.post('/api/organizations', { name: 'Pro org', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await receiver?.stop();
  });

  const deliveries = async (slug: string, id: number) => (await owner.api.get(`/api/organizations/${slug}/webhooks/${id}/deliveries`)).body as { status: string; attempts: number; response_code: number | null; event: string }[];

  async function waitForDelivery(slug: string, id: number, wanted: (d: { status: string; attempts: number }) => boolean) {
    for (const deadline = Date.now() + 30_000; ; ) {
      const [latest] = await deliveries(slug, id);
      if (latest && wanted(latest)) return latest;
      if (Date.now() > deadline) throw new Error(`the delivery did not reach the wanted state: ${JSON.stringify(latest)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('delivers a subscribed organisation event, signed with the endpoint secret', { timeout: 60_000 }, async () => {
    const secret = 'a-receiver-secret-of-some-length';
    const created = await owner.api.post(`/api/organizations/${proSlug}/webhooks`, { url: receiver.url, events: ['member.invited'], secret });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url, events: ['member.invited'], secret });
    const listed = await owner.api.get(`/api/organizations/${proSlug}/webhooks`);
    expect(listed.body).toEqual([{ id: created.body.id, url: receiver.url, events: ['member.invited'], created_at: expect.any(String) }]);

    // An event the endpoint did not choose is not sent; the invitation is.
    const before = receiver.received.length;
    expect((await owner.api.post(`/api/organizations/${proSlug}/members/invitations`, { email: 'someone@example.com', role: 'Developer' })).status).toBeLessThan(300);
    await receiver.waitForCount(before + 1);
    const request = receiver.received[before];
    const timestamp = request.headers['x-plinth-timestamp'] as string;
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
    expect(request.headers['x-plinth-signature']).toBe(expected);
    expect(request.headers['x-plinth-event']).toBe('member.invited');
    expect(JSON.parse(request.body)).toMatchObject({ type: 'member.invited', organization: { slug: proSlug }, data: { email: 'someone@example.com', role: 'Developer' } });

    const delivered = await waitForDelivery(proSlug, created.body.id, (d) => d.status === 'succeeded');
    expect(delivered).toMatchObject({ event: 'member.invited', attempts: 1, response_code: 200 });
  });

  it('retries a delivery the receiver failed, with back-off, and logs each outcome', { timeout: 60_000 }, async () => {
    const created = await owner.api.post(`/api/organizations/${proSlug}/webhooks`, { url: receiver.url, events: ['plan.changed'] });
    expect(created.body.secret).toMatch(/^whsec_/);
    receiver.statuses.push(503);
    const before = receiver.received.length;
    const test = await owner.api.post(`/api/organizations/${proSlug}/webhooks/${created.body.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });

    await receiver.waitForCount(before + 1);
    const failed = await waitForDelivery(proSlug, created.body.id, (d) => d.attempts >= 1);
    expect(failed).toMatchObject({ status: 'retrying', response_code: 503 });
    await receiver.waitForCount(before + 2);
    expect(await waitForDelivery(proSlug, created.body.id, (d) => d.status === 'succeeded')).toMatchObject({ attempts: 2, response_code: 200 });
    // The same delivery both times: the receiver can tell a retry from a new event.
    expect(receiver.received[before + 1].headers['x-plinth-delivery']).toBe(receiver.received[before].headers['x-plinth-delivery']);
  });

  it("keeps one organisation's webhooks from every other organisation's members", async () => {
    const [hook] = (await owner.api.get(`/api/organizations/${proSlug}/webhooks`)).body;
    expect((await outsider.api.get(`/api/organizations/${proSlug}/webhooks`)).status).toBe(404);
    expect((await outsider.api.post(`/api/organizations/${proSlug}/webhooks/${hook.id}/test`)).status).toBe(404);
    const ownSlug = (await outsider.api.post('/api/organizations', { name: 'Outsider org', plan: 'free' })).body.slug;
    // Their own organisation, someone else's endpoint id: not found either.
    expect((await outsider.api.get(`/api/organizations/${ownSlug}/webhooks/${hook.id}/deliveries`)).status).toBe(404);
    expect((await outsider.api.delete(`/api/organizations/${ownSlug}/webhooks/${hook.id}`)).status).toBe(404);
  });

  it("lists and serves the operator's legal documents, with an empty list when none are configured", async () => {
    expect((await owner.api.get(`/api/organizations/${freeSlug}/documents`)).body).toEqual([]);
    const dir = platform.control.config.legalDir;
    await mkdir(dir, { recursive: true });
    await writeFile(`${dir}/terms.md`, '# Terms\n\nBe kind.\n');
    await writeFile(`${dir}/dpa.pdf`, Buffer.from('%PDF-1.4 not really'));
    await writeFile(`${dir}/notes.docx`, 'a draft the operator keeps here');
    const listed = await owner.api.get(`/api/organizations/${freeSlug}/documents`);
    expect(listed.body.map((d: { name: string; title: string; media_type: string }) => [d.name, d.title, d.media_type])).toEqual([
      ['dpa.pdf', 'Data Processing Addendum', 'application/pdf'],
      ['terms.md', 'Terms of Service', 'text/markdown; charset=utf-8'],
    ]);
    const download = await fetch(`${platform.url}/api/organizations/${freeSlug}/documents/terms.md`, { headers: { authorization: `Bearer ${owner.api.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="terms.md"');
    expect(await download.text()).toBe('# Terms\n\nBe kind.\n');
    expect((await owner.api.get(`/api/organizations/${freeSlug}/documents/notes.docx`)).status).toBe(404);
    expect((await owner.api.get(`/api/organizations/${freeSlug}/documents/..%2Fsecret.key`)).status).toBe(404);
    expect((await outsider.api.get(`/api/organizations/${freeSlug}/documents`)).status).toBe(404);
  });

  it('exports the audit log in a range as CSV and JSON', async () => {
    const csv = await owner.api.get(`/api/organizations/${proSlug}/audit/export?format=csv`);
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('id,occurred_at,actor_id,actor_email,organization_slug,project_ref,action,target,ip');
    expect(lines.some((line) => line.includes(',organization.webhook.create,'))).toBe(true);
    expect(lines.some((line) => line.includes(`,member.invite,someone@example.com as Developer,`))).toBe(true);

    const json = await owner.api.get(`/api/organizations/${proSlug}/audit/export?format=json`);
    expect(json.body.map((e: { action: string }) => e.action)).toContain('member.invite');
    expect(json.body.every((e: { organization_slug: string }) => e.organization_slug === proSlug)).toBe(true);
    // Oldest first, as many as the list shows.
    const ids = json.body.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.length).toBe((await owner.api.get(`/api/organizations/${proSlug}/audit?limit=200`)).body.entries.length);

    const future = new Date(Date.now() + HOUR_MS).toISOString();
    expect((await owner.api.get(`/api/organizations/${proSlug}/audit/export?format=json&from=${encodeURIComponent(future)}`)).body).toEqual([]);
    expect((await outsider.api.get(`/api/organizations/${proSlug}/audit/export`)).status).toBe(404);
  });

  it("shows and keeps audit entries only within each organisation's plan window", { timeout: 60_000 }, async () => {
    const clock = auditClockFor(platform.control);
    const rows = async (slug: string) => (await platform.control.db.query<{ n: number }>('select count(*)::int as n from audit_log where organization_slug = $1', [slug])).rows[0].n;
    const listed = async (slug: string) => (await owner.api.get(`/api/organizations/${slug}/audit?limit=200`)).body.entries.length as number;
    const runRetention = async () => platform.control.jobs.waitFor('audit-retention', await platform.control.jobs.send('audit-retention', {}));
    const accountRows = async () => (await platform.control.db.query<{ n: number }>('select count(*)::int as n from audit_log where actor_id = $1 and organization_slug is null', [owner.userId])).rows[0].n;
    await owner.api.patch('/api/profile', { first_name: 'Ada' });
    const accountBefore = await accountRows();
    expect(accountBefore).toBeGreaterThan(0);
    expect(await listed(freeSlug)).toBeGreaterThan(0);
    const proBefore = await rows(proSlug);
    try {
      // Two hours on: past Free's hour, well inside Pro's week.
      clock.now = () => new Date(Date.now() + 2 * HOUR_MS);
      expect(await listed(freeSlug)).toBe(0);
      expect(await listed(proSlug)).toBe(proBefore);
      expect((await owner.api.get(`/api/organizations/${freeSlug}/audit/export?format=json`)).body).toEqual([]);
      await runRetention();
      expect(await rows(freeSlug)).toBe(0);
      expect(await rows(proSlug)).toBe(proBefore);

      // Eight days on: past Pro's week too. The owner's own account trail is no plan's to delete.
      clock.now = () => new Date(Date.now() + 8 * DAY_MS);
      expect(await listed(proSlug)).toBe(0);
      await runRetention();
      expect(await rows(proSlug)).toBe(0);
      expect(await accountRows()).toBe(accountBefore);
    } finally {
      clock.now = () => null;
    }
  });

  it('stores preferences server-side: theme and a default organisation the user belongs to', async () => {
    expect((await owner.api.get('/api/profile/preferences')).body).toEqual({ theme: 'dark', default_organization_slug: null });
    const updated = await owner.api.patch('/api/profile/preferences', { theme: 'light', default_organization_slug: proSlug });
    expect(updated.body).toEqual({ theme: 'light', default_organization_slug: proSlug });
    expect((await owner.api.get('/api/profile/preferences')).body).toEqual({ theme: 'light', default_organization_slug: proSlug });
    // A theme change leaves the default organisation as it was.
    expect((await owner.api.patch('/api/profile/preferences', { theme: 'system' })).body).toEqual({ theme: 'system', default_organization_slug: proSlug });
    const outsiderSlug = (await outsider.api.get('/api/organizations')).body[0].slug;
    expect((await owner.api.patch('/api/profile/preferences', { default_organization_slug: outsiderSlug })).status).toBe(404);
    expect((await owner.api.patch('/api/profile/preferences', { theme: 'neon' })).status).toBe(400);
  });

  it('refuses to delete the only owner of an organisation with other members, then deletes once they are gone', { timeout: 60_000 }, async () => {
    const leaving = await signUp(platform.url);
    const member = await signUp(platform.url);
    const sharedSlug = (await leaving.api.post('/api/organizations', { name: 'Shared org', plan: 'free' })).body.slug;
    const soloSlug = (await leaving.api.post('/api/organizations', { name: 'Solo org', plan: 'free' })).body.slug;
    const invitation = await leaving.api.post(`/api/organizations/${sharedSlug}/members/invitations`, { email: member.email, role: 'Developer' });
    expect((await member.api.post(`/api/organizations/${sharedSlug}/members/invitations/${invitation.body.id}/accept`)).status).toBeLessThan(300);
    await leaving.api.post('/api/profile/access-tokens', { name: 'cli' });

    expect((await leaving.api.delete('/api/profile', { confirm_email: 'someone-else@example.com' })).status).toBe(400);
    const refused = await leaving.api.delete('/api/profile', { confirm_email: leaving.email });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'account_sole_owner', details: { organizations: [{ slug: sharedSlug, name: 'Shared org', other_members: 1, projects: 0 }] } });
    expect(refused.body.message).toContain('Shared org');

    expect((await leaving.api.delete(`/api/organizations/${sharedSlug}/members/${member.userId}`)).status).toBe(200);
    expect((await leaving.api.delete('/api/profile', { confirm_email: leaving.email.toUpperCase() })).status).toBe(200);

    const count = async (sql: string) => (await platform.control.db.query<{ n: number }>(sql, [leaving.userId])).rows[0].n;
    expect(await count('select count(*)::int as n from auth.users where id = $1')).toBe(0);
    expect(await count('select count(*)::int as n from auth.sessions where user_id = $1')).toBe(0);
    expect(await count('select count(*)::int as n from access_tokens where user_id = $1')).toBe(0);
    expect(await count('select count(*)::int as n from members where user_id = $1')).toBe(0);
    expect(await count('select count(*)::int as n from profiles where user_id = $1')).toBe(0);
    expect(await count(`select count(*)::int as n from audit_log where actor_id = $1 and action = 'account.delete'`)).toBe(1);
    // The organisations they alone made up went with them; their session no longer works.
    const orgs = await platform.control.db.query('select slug from organizations where slug = any($1)', [[sharedSlug, soloSlug]]);
    expect(orgs.rows).toEqual([]);
    expect([401, 403]).toContain((await leaving.api.get('/api/profile')).status);
  });
});
