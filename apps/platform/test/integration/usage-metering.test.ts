/**
 * Usage metering from real traffic: REST and function calls through the gateway (egress and
 * invocations), users signing in to the project (monthly active users), a table that grows the
 * database. The hourly job is run for the traffic's hour by hand (its clock is the argument), then
 * GET /organizations/{slug}/usage reads the figures back in the spec's shape.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourOf, meterHour } from '../../src/control/metering/meter.ts';
import { runSql, startFunctionsHarness, until, type FunctionsHarness } from '../functions/harness.ts';
import { projectOf, RawSocket } from '../realtime/harness.ts';
import { signUp } from '../support/client.ts';

const MB = 1024 ** 2;
const HELLO = `Deno.serve(() => new Response(JSON.stringify({ hello: 'usage' }), { headers: { 'content-type': 'application/json' } }));`;

describe('usage metering', () => {
  let h: FunctionsHarness;
  let slug: string;
  /** Body bytes the gateway sent us, as the client received them. */
  let received = 0;
  const started = new Date();

  async function gateway(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${h.url}${path}`, init);
    const body = await response.arrayBuffer();
    received += body.byteLength;
    return new Response(body, { status: response.status, headers: response.headers });
  }

  const usage = async (query = '') => {
    const answer = await h.api.get(`/api/platform/organizations/${slug}/usage${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { usages: { metric: string; usage: number; pricing_free_units: number | null; capped: boolean }[]; period_start: string };
  };
  const figure = (body: Awaited<ReturnType<typeof usage>>, metric: string) => body.usages.find((u) => u.metric === metric)!;

  beforeAll(async () => {
    // Pro (usage billing off, so still capped): image transformations are a paid feature.
    h = await startFunctionsHarness({ plan: 'pro' });
    // The harness's user belongs to the one organisation it made.
    slug = (await h.api.get('/api/organizations')).body[0].slug;
  });
  afterAll(async () => h?.stop());

  it('meters egress, invocations, sign-ins and database size for the hour of the traffic, once', async () => {
    const before = figure(await usage(), 'DATABASE_SIZE').usage;
    expect(before).toBeGreaterThan(MB);
    await runSql(h, `create table public.notes (id int primary key, body text);
      insert into public.notes select g, (select string_agg(md5(random()::text || g || k), '') from generate_series(1, 40) k) from generate_series(1, 8000) g;
      grant select on public.notes to anon;`);

    // REST: three reads of different sizes.
    for (const limit of [1, 10, 50]) expect((await gateway(`/rest/v1/notes?select=*&limit=${limit}`, { headers: { apikey: h.anonKey } })).status).toBe(200);
    // Functions: two invocations.
    expect((await h.deploy('hello', { 'index.ts': HELLO }, { verify_jwt: false })).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await gateway('/functions/v1/hello', { method: 'POST' })).status).toBe(200);
    // Auth: two users made by the service role, each signing in (one twice): two monthly active users.
    const service = { apikey: h.serviceKey, authorization: `Bearer ${h.serviceKey}`, 'content-type': 'application/json' };
    for (const [email, times] of [['ada@usage.example', 2], ['bob@usage.example', 1]] as const) {
      const made = await gateway('/auth/v1/admin/users', { method: 'POST', headers: service, body: JSON.stringify({ email, password: 'a-long-password', email_confirm: true }) });
      expect(made.status).toBe(200);
      for (let i = 0; i < times; i++) {
        const signedIn = await gateway('/auth/v1/token?grant_type=password', {
          method: 'POST', headers: { apikey: h.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'a-long-password' }),
        });
        expect(signedIn.status).toBe(200);
      }
    }

    // The log writer flushes in the background: wait until every request we made is in edge_logs.
    await until(async () => {
      await h.platform.control.logs.flush();
      const { rows } = await h.platform.control.db.query<{ n: number }>('select count(*)::int as n from edge_logs where project_ref = $1', [h.ref]);
      return rows[0].n;
    }, (n) => n >= 10);

    const hours = [...new Set([hourOf(started).getTime(), hourOf(new Date()).getTime()])].map((t) => new Date(t));
    let written = 0;
    for (const hour of hours) written += await meterHour(h.platform.control, hour);
    // Egress, invocations, compute hours, database and storage size, monthly active users.
    expect(written).toBeGreaterThanOrEqual(6);

    const { rows } = await h.platform.control.db.query<{ metric: string; value: number; detail: any }>(
      'select metric, sum(value)::float8 as value, jsonb_agg(detail) as detail from usage_hourly where project_ref = $1 group by metric', [h.ref],
    );
    const metered = Object.fromEntries(rows.map((r) => [r.metric, r]));
    expect(metered.EGRESS.value).toBe(received);
    const services = Object.assign({}, ...metered.EGRESS.detail.map((d: any) => d.services));
    expect(Object.keys(services).sort()).toEqual(['auth', 'functions', 'rest']);
    expect(metered.FUNCTION_INVOCATIONS.value).toBe(2);
    expect(metered.DATABASE_SIZE.value).toBeGreaterThan(before + 8 * MB);

    const body = await usage();
    expect(new Date(body.period_start).getUTCDate()).toBe(1);
    expect(figure(body, 'EGRESS')).toMatchObject({ usage: received, pricing_free_units: 250 * 1024 ** 3, capped: true });
    expect(figure(body, 'FUNCTION_INVOCATIONS').usage).toBe(2);
    expect(figure(body, 'MONTHLY_ACTIVE_USERS')).toMatchObject({ usage: 2, pricing_free_units: 100_000 });
    expect(figure(body, 'COMPUTE_HOURS').usage).toBeGreaterThanOrEqual(1);
    expect(figure(body, 'DATABASE_SIZE').usage).toBeGreaterThan(before + 8 * MB);
    // One project's figures are the organisation's here (it has one).
    expect(figure(await usage(`?project_ref=${h.ref}`), 'EGRESS').usage).toBe(received);

    // Metering the same hours again (a retry, another node) adds nothing.
    for (const hour of hours) expect(await meterHour(h.platform.control, hour)).toBe(0);
    expect(figure(await usage(), 'EGRESS').usage).toBe(received);

    const daily = await h.api.get(`/api/platform/organizations/${slug}/usage/daily`);
    expect(daily.status).toBe(200);
    const today = daily.body.days.find((d: { date: string }) => d.date === new Date().toISOString().slice(0, 10));
    expect(today.values.FUNCTION_INVOCATIONS).toBe(2);
  });

  it('meters Realtime peak connections and messages', async () => {
    const project = await projectOf(h.platform, h.api, h.ref);
    const sockets = await Promise.all([1, 2, 3].map(() => RawSocket.open(project)));
    const sent = await gateway('/realtime/v1/api/broadcast', {
      method: 'POST',
      headers: { apikey: h.serviceKey, authorization: `Bearer ${h.serviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'usage', event: 'ping', payload: { n: 1 } }] }),
    });
    expect(sent.status).toBe(202);
    // Realtime writes its counters every 5 s: wait until this hour's peak and the month's messages are in.
    const written = await until(async () => {
      const peak = await h.platform.control.db.query<{ peak: number }>('select max(peak)::int as peak from realtime_peak_connections where project_ref = $1', [h.ref]);
      const messages = await h.platform.control.db.query<{ n: number }>('select coalesce(sum(messages), 0)::int as n from realtime_usage where project_ref = $1', [h.ref]);
      return { peak: peak.rows[0].peak, messages: messages.rows[0].n };
    }, (value) => value.peak === 3 && value.messages > 0, 20_000);
    for (const socket of sockets) socket.close();

    const now = new Date();
    await meterHour(h.platform.control, now);
    const body = await usage();
    expect(figure(body, 'REALTIME_PEAK_CONNECTIONS')).toMatchObject({ usage: 3, pricing_free_units: 500 });
    expect(figure(body, 'REALTIME_MESSAGE_COUNT').usage).toBe(written.messages);
  });

  it('meters image transformations as distinct origin images', async () => {
    const service = { apikey: h.serviceKey, authorization: `Bearer ${h.serviceKey}` };
    const bucket = await gateway('/storage/v1/bucket', { method: 'POST', headers: { ...service, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'pics', public: true }) });
    expect(bucket.status).toBe(200);
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } } }).png().toBuffer();
    for (const name of ['a.png', 'b.png']) {
      const upload = await gateway(`/storage/v1/object/pics/${name}`, { method: 'POST', headers: { ...service, 'content-type': 'image/png' }, body: new Uint8Array(image) });
      expect(upload.status).toBe(200);
    }
    // a.png twice at two sizes, b.png once, and a miss: two origin images.
    for (const [name, width] of [['a.png', 10], ['a.png', 20], ['b.png', 10]] as const) {
      expect((await gateway(`/storage/v1/render/image/public/pics/${name}?width=${width}`)).status).toBe(200);
    }
    expect((await gateway('/storage/v1/render/image/public/pics/missing.png?width=10')).status).toBe(400);
    await until(async () => {
      await h.platform.control.logs.flush();
      const { rows } = await h.platform.control.db.query<{ n: number }>(`select count(*)::int as n from storage_logs where project_ref = $1 and metadata->>'path' like '/render/image/%'`, [h.ref]);
      return rows[0].n;
    }, (n) => n >= 4);

    await meterHour(h.platform.control, new Date());
    const body = await usage();
    expect(figure(body, 'STORAGE_IMAGES_TRANSFORMED')).toMatchObject({ usage: 2, pricing_free_units: 100, available_in_plan: true });
    expect(figure(body, 'STORAGE_SIZE').usage).toBe(2 * image.length);
  });

  it('shows an organisation only its own usage', async () => {
    const stranger = await signUp(h.platform.url);
    expect((await stranger.api.get(`/api/platform/organizations/${slug}/usage`)).status).toBe(404);
    const own: string = (await stranger.api.post('/api/organizations', { name: 'Elsewhere' })).body.slug;
    const foreignProject = await stranger.api.get(`/api/platform/organizations/${own}/usage?project_ref=${h.ref}`);
    expect(foreignProject.status).toBe(404);
    expect((await stranger.api.get(`/api/platform/organizations/${own}/usage/daily?project_ref=${h.ref}`)).status).toBe(404);
  });

  it('refuses invocations with 402 once a capped organisation has used its plan\'s, until usage billing is on', async () => {
    const { rows } = await h.platform.control.db.query<{ id: number }>('select id from organizations where slug = $1', [slug]);
    // The month's invocations as the hourly metering leaves them: Pro's 2,000,000 (another project's row, so the hours metered above stay).
    await h.platform.control.db.query(
      `insert into usage_hourly (project_ref, organization_id, metric, hour, value) values ('seededproject', $1, 'FUNCTION_INVOCATIONS', $2, 2000000)`,
      [rows[0].id, new Date(Date.UTC(started.getUTCFullYear(), started.getUTCMonth(), 1))],
    );
    const invoke = () => fetch(`${h.url}/functions/v1/hello`, { method: 'POST' });
    await expect.poll(async () => (await invoke()).status, { timeout: 10_000, interval: 250 }).toBe(402);
    const refused = await invoke();
    expect(refused.headers.get('x-relay-error')).toBe('true');
    expect(await refused.json()).toMatchObject({ code: 'usage_cap_reached', message: expect.stringContaining('edge function invocations included in the Pro plan') });
    expect((await h.api.put(`/api/platform/organizations/${slug}/billing/subscription`, { usage_billing_enabled: true })).status).toBe(200);
    await expect.poll(async () => (await invoke()).status, { timeout: 10_000, interval: 250 }).toBe(200);
  });
});
