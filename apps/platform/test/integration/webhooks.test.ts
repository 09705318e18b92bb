/**
 * Database webhooks (control/webhooks): pg_net's net.http_* functions and Supabase's
 * supabase_functions.http_request triggers, sent by the platform to a local HTTP receiver
 * (PLINTH_WEBHOOKS_ALLOW_PRIVATE=on, as the receiver is on 127.0.0.1). A request is sent after its
 * transaction commits and never after a rollback; the response lands in net._http_response; a
 * webhook posts Supabase's payload for insert, update and delete; a 500 is retried; a time-out is
 * recorded as timed_out; a private address is refused with the option off; a cluster stopped by
 * scale to zero is not woken by the polling; a paused project sends nothing until it is restored.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import type { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { startPlatform, type EngineName } from '../support/platform.ts';
import type { EmbeddedEngine } from '../../src/engines/embedded/embedded-engine.ts';

const ENGINES_TESTED: EngineName[] = ['embedded', 'local'];

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Response {
  id: string;
  status_code: number | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

/** A receiver that records every request; `/status/N` answers N once per listed code, then 200; `/slow` never answers. */
async function startReceiver(): Promise<{ url: string; received: Received[]; failFirst: Map<string, number[]>; close(): Promise<void> }> {
  const received: Received[] = [];
  const failFirst = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (path.startsWith('/slow')) return; // never answers
      const pending = failFirst.get(path.split('?')[0]);
      const status = pending?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 400, path }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failFirst,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

describe.each(ENGINES_TESTED)('database webhooks on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: ApiClient;
  let ref: string;
  let slug: string;

  async function sql<Row = Record<string, unknown>>(query: string): Promise<Row[]> {
    const response = await owner.post(`/api/platform/pg-meta/${ref}/query`, { query });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as Row[];
  }

  async function responseOf(id: string): Promise<Response | undefined> {
    return (await sql<Response>(`select id::text, status_code, content, timed_out, error_msg from net._http_response where id = ${Number(id)}`))[0];
  }

  const arrivals = (path: string) => receiver.received.filter((r) => r.path === path);

  beforeAll(async () => {
    receiver = await startReceiver();
    platform = await startPlatform({ engine, env: { PLINTH_WEBHOOKS_ALLOW_PRIVATE: 'on' } });
    owner = (await signUp(platform.url)).api;
    // Team: the Read-only role exists there.
    slug = (await owner.post('/api/organizations', { name: 'Hooks', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
  });
  afterAll(async () => {
    await platform?.stop();
    await receiver?.close();
  });

  it('is off until enabled; Read-only members see it but cannot enable it', async () => {
    expect((await owner.get(`/api/platform/projects/${ref}/hooks`)).body).toEqual({ enabled: false });
    const member = await signUp(platform.url, uniqueEmail('ro'));
    await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role: 'Read-only' });
    const [invitation] = (await member.api.get('/api/profile/invitations')).body;
    await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    expect((await member.api.post(`/api/platform/projects/${ref}/hooks/enable`)).status).toBe(403);
    const stranger = await signUp(platform.url);
    expect((await stranger.api.get(`/api/platform/projects/${ref}/hooks`)).status).toBe(404);

    const enabled = await owner.post(`/api/platform/projects/${ref}/hooks/enable`);
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    expect(enabled.body).toEqual({ enabled: true });
    expect((await owner.post(`/api/platform/projects/${ref}/hooks/enable`)).body).toEqual({ enabled: true });
    expect((await member.api.get(`/api/platform/projects/${ref}/hooks`)).body).toEqual({ enabled: true });
  });

  it('sends net.http_post after commit, never after rollback, and records the response', async () => {
    await sql(`begin; select net.http_post('${receiver.url}/rolled-back', '{"n": 0}'); rollback;`);
    const [{ id }] = await sql<{ id: string }>(
      `select net.http_post('${receiver.url}/committed', '{"n": 1}'::jsonb, '{"q": "x y"}'::jsonb, '{"Content-Type": "application/json", "X-Extra": "yes"}'::jsonb)::text as id`,
    );
    const [arrived] = await until(() => arrivals('/committed?q=x+y'), (list) => list.length > 0);
    expect(arrived.method).toBe('POST');
    expect(JSON.parse(arrived.body)).toEqual({ n: 1 });
    expect(arrived.headers['x-extra']).toBe('yes');
    expect(arrived.headers['content-type']).toBe('application/json');
    const response = await until(() => responseOf(id), Boolean);
    expect(response).toMatchObject({ status_code: 200, timed_out: false, error_msg: null });
    expect(JSON.parse(response!.content!)).toEqual({ ok: true, path: '/committed?q=x+y' });
    expect(receiver.received.filter((r) => r.path.startsWith('/rolled-back'))).toEqual([]);
    // Delivered: the queue is empty.
    expect(await sql(`select id from net.http_request_queue where id = ${Number(id)}`)).toEqual([]);
  });

  it("posts Supabase's payload from a webhook trigger for insert, update and delete", async () => {
    await sql(`create table public.orders (id int primary key, item text)`);
    await sql(`create trigger "orders-hook" after insert or update or delete on public.orders for each row
      execute function supabase_functions.http_request('${receiver.url}/orders', 'POST', '{"Content-Type":"application/json","X-Hook":"orders"}', '{}', '5000')`);
    await sql(`insert into public.orders values (1, 'tea')`);
    await sql(`update public.orders set item = 'coffee' where id = 1`);
    await sql(`delete from public.orders where id = 1`);
    const got = await until(() => arrivals('/orders'), (list) => list.length >= 3);
    const payloads = got.map((r) => JSON.parse(r.body)).sort((a, b) => ['INSERT', 'UPDATE', 'DELETE'].indexOf(a.type) - ['INSERT', 'UPDATE', 'DELETE'].indexOf(b.type));
    expect(payloads).toEqual([
      { type: 'INSERT', table: 'orders', schema: 'public', record: { id: 1, item: 'tea' }, old_record: null },
      { type: 'UPDATE', table: 'orders', schema: 'public', record: { id: 1, item: 'coffee' }, old_record: { id: 1, item: 'tea' } },
      { type: 'DELETE', table: 'orders', schema: 'public', record: null, old_record: { id: 1, item: 'coffee' } },
    ]);
    expect(got[0].headers['x-hook']).toBe('orders');
    const hooks = await sql<{ hook_name: string; n: number }>(`select hook_name, count(*)::int as n from supabase_functions.hooks group by hook_name`);
    expect(hooks).toEqual([{ hook_name: 'orders-hook', n: 3 }]);
  });

  it('retries a webhook after a 500 and records the final response', async () => {
    receiver.failFirst.set('/flaky', [500]);
    await sql(`create table public.flaky (id int primary key)`);
    await sql(`create trigger flaky_hook after insert on public.flaky for each row
      execute function supabase_functions.http_request('${receiver.url}/flaky', 'POST', '{"Content-Type":"application/json"}', '{}', '5000')`);
    await sql(`insert into public.flaky values (1)`);
    await until(() => arrivals('/flaky'), (list) => list.length >= 2);
    const [{ request_id }] = await sql<{ request_id: string }>(`select request_id::text from supabase_functions.hooks where hook_name = 'flaky_hook'`);
    const response = await until(() => responseOf(request_id), Boolean);
    expect(response?.status_code).toBe(200);
    expect((await sql(`select 1 from net._http_response where id = ${Number(request_id)}`)).length).toBe(1);
  });

  it('records a request that outlives its time-out as timed_out', async () => {
    const [{ id }] = await sql<{ id: string }>(`select net.http_get('${receiver.url}/slow', timeout_milliseconds => 500)::text as id`);
    const response = await until(() => responseOf(id), Boolean);
    expect(response).toMatchObject({ status_code: null, timed_out: true });
    expect(response?.error_msg).toContain('Timeout of 500 ms');
  });

  it('refuses private addresses unless the operator allows them', async () => {
    platform.control.config.webhooksAllowPrivate = false;
    try {
      const [{ literal, named }] = await sql<{ literal: string; named: string }>(
        `select net.http_get('${receiver.url}/private-literal')::text as literal,
                net.http_get('${receiver.url.replace('127.0.0.1', 'localhost')}/private-named')::text as named`,
      );
      for (const id of [literal, named]) {
        const response = await until(() => responseOf(id), Boolean);
        expect(response?.status_code).toBeNull();
        expect(response?.error_msg).toContain('private addresses are not allowed');
      }
      expect(receiver.received.filter((r) => r.path.startsWith('/private'))).toEqual([]);
    } finally {
      platform.control.config.webhooksAllowPrivate = true;
    }
  });

  it('does not wake a cluster (or embedded worker) scale to zero stopped; its queue drains at the next use', async () => {
    const local = platform.control.engine as LocalEngine | EmbeddedEngine;
    const location = { ref, server: null };
    await sql(`begin; select net.http_get('${receiver.url}/asleep'); update net.http_request_queue set next_attempt_at = now() + interval '2 seconds'; commit;`);
    await local.scaleToZero(location);
    await sleep(3500); // three polls after the request fell due
    expect(local.isRunning(location)).toBe(false);
    expect(arrivals('/asleep')).toEqual([]);
    await sql('select 1'); // a use starts the cluster again
    await until(() => arrivals('/asleep'), (list) => list.length === 1);
  });

  it('sends nothing while the project is paused, and sends it once restored', async () => {
    // Queued now but due in 3 s, by which time the project is pausing.
    await sql(`begin; select net.http_get('${receiver.url}/paused'); update net.http_request_queue set next_attempt_at = now() + interval '3 seconds'; commit;`);
    expect((await owner.post(`/api/platform/projects/${ref}/pause`)).body.status).toBe('PAUSING');
    await waitForStatus(owner, ref, 'INACTIVE');
    await sleep(4000);
    expect(arrivals('/paused')).toEqual([]);
    expect((await owner.post(`/api/platform/projects/${ref}/restore`)).body.status).toBe('RESTORING');
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    // Embedded: restoring reopens the database; local: the cluster starts at its next use.
    await sql('select 1');
    await until(() => arrivals('/paused'), (list) => list.length === 1, 30_000);
  });
});
