/**
 * Websockets through /functions/v1: a function that calls Deno.upgradeWebSocket(req) is reached by
 * a websocket client as on Supabase, after the same verify_jwt check as a request (the key may come
 * as a header or as `?apikey=`). An open socket keeps its worker: it is not reaped when idle nor
 * stopped by a redeploy, and it closes when its worker stops.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFunctionsHarness, type FunctionsHarness, processesReading } from './harness.ts';

const ECHO = `const prefix = 'echo';
Deno.serve((req) => {
  if (req.headers.get('upgrade') !== 'websocket') return new Response('websockets only', { status: 426 });
  const { socket, response } = Deno.upgradeWebSocket(req);
  socket.onmessage = (event) => {
    if (event.data === 'exit') Deno.exit(0);
    socket.send(typeof event.data === 'string' ? prefix + ': ' + event.data : event.data);
  };
  return response;
});
`;
const REFUSES = `Deno.serve(() => new Response('not today', { status: 403, headers: { 'x-reason': 'closed' } }));\n`;
const HELLO = `Deno.serve(() => new Response('hello'));\n`;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An open socket, with its messages queued so none is missed between awaits. */
async function connect(url: string, headers: Record<string, string> = {}): Promise<{ socket: WebSocket; next(): Promise<string | Buffer>; closed: Promise<number> }> {
  const socket = new WebSocket(url, { headers });
  const queue: (string | Buffer)[] = [];
  const waiters: ((message: string | Buffer) => void)[] = [];
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    const message = isBinary ? data : data.toString('utf8');
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    closed,
    next: () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiters.push(resolve))),
  };
}

/** What the server answered instead of switching protocols. */
function refusal(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => reject(new Error('the socket opened')));
    socket.once('error', () => undefined);
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        socket.terminate();
      });
    });
  });
}

describe('edge function websockets', () => {
  let h: FunctionsHarness;
  let wsUrl: (slug: string, query?: string) => string;

  beforeAll(async () => {
    h = await startFunctionsHarness({ env: { PLINTH_FUNCTIONS_IDLE_S: '1' } });
    wsUrl = (slug, query = '') => `${h.url.replace(/^http/, 'ws')}/functions/v1/${slug}${query}`;
    expect((await h.deploy('echo', { 'index.ts': ECHO })).status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  }, 60_000);

  it('echoes text and binary messages through a function, with the key as a header or as ?apikey=', async () => {
    const withHeader = await connect(wsUrl('echo'), { apikey: h.anonKey, authorization: `Bearer ${h.anonKey}` });
    withHeader.socket.send('hello');
    expect(await withHeader.next()).toBe('echo: hello');
    withHeader.socket.send(Buffer.from([1, 2, 3]));
    expect(await withHeader.next()).toEqual(Buffer.from([1, 2, 3]));
    withHeader.socket.close();

    const withQuery = await connect(wsUrl('echo', `?apikey=${h.anonKey}`));
    withQuery.socket.send('from a browser');
    expect(await withQuery.next()).toBe('echo: from a browser');
    withQuery.socket.close();
    expect(await withQuery.closed).toBe(1005);
  });

  it('refuses an upgrade without a key or with a bad one as the relay refuses a request, and passes on a function\'s own refusal', async () => {
    const missing = await refusal(wsUrl('echo'));
    expect(missing.status).toBe(401);
    expect(missing.headers['x-relay-error']).toBe('true');
    expect(JSON.parse(missing.body)).toEqual({ code: 401, message: 'Missing authorization header' });
    const forged = await refusal(wsUrl('echo', '?apikey=not-a-key'));
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toEqual({ code: 401, message: 'Invalid JWT' });
    expect((await refusal(wsUrl('nowhere'), { apikey: h.anonKey })).status).toBe(404);

    expect((await h.deploy('refuses', { 'index.ts': REFUSES }, { verify_jwt: false })).status).toBe(201);
    const refused = await refusal(wsUrl('refuses'));
    expect(refused).toMatchObject({ status: 403, body: 'not today', headers: { 'x-reason': 'closed' } });
  });

  it('keeps an open socket\'s worker through the idle timeout and a redeploy, and stops the old worker once it closes', async () => {
    expect((await h.deploy('hello', { 'index.ts': HELLO }, { verify_jwt: false })).status).toBe(201);
    const echo = (await h.api.get(`/api/v1/projects/${h.ref}/functions/echo`)).body;
    const hello = (await h.api.get(`/api/v1/projects/${h.ref}/functions/hello`)).body;
    const echoDirectory = path.join(h.platform.dataDir, 'functions', h.ref, echo.id);
    const helloDirectory = path.join(h.platform.dataDir, 'functions', h.ref, hello.id);

    const open = await connect(wsUrl('echo'), { apikey: h.anonKey });
    open.socket.send('first');
    expect(await open.next()).toBe('echo: first');
    // Another function's worker, idle from its answer on, is reaped: the idle timeout (1 s) has passed.
    expect(await (await fetch(`${h.url}/functions/v1/hello`)).text()).toBe('hello');
    await until(() => processesReading(helloDirectory).length === 0);
    open.socket.send('still here');
    expect(await open.next()).toBe('echo: still here');

    // A new version takes new connections; the open socket stays on the old one.
    expect((await h.deploy('echo', { 'index.ts': ECHO.replace("'echo'", "'v2'") })).status).toBe(201);
    const fresh = await connect(wsUrl('echo'), { apikey: h.anonKey });
    fresh.socket.send('new');
    expect(await fresh.next()).toBe('v2: new');
    open.socket.send('old');
    expect(await open.next()).toBe('echo: old');
    const oldVersion = `--allow-read=${path.join(echoDirectory, String(echo.version))}`;
    const oldWorkers = () => processesReading(echoDirectory).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(oldVersion));
    expect(oldWorkers()).toHaveLength(1);
    open.socket.close();
    await until(() => oldWorkers().length === 0);
    fresh.socket.close();
  }, 60_000);

  it('closes the socket when its worker stops, and logs the connection as a 101 invocation', async () => {
    const open = await connect(wsUrl('echo'), { apikey: h.anonKey });
    open.socket.send('exit');
    expect(await open.closed).toBe(1006);
    const again = await connect(wsUrl('echo'), { apikey: h.anonKey });
    again.socket.send('after');
    expect(await again.next()).toBe('v2: after');
    again.socket.close();

    const echo = (await h.api.get(`/api/v1/projects/${h.ref}/functions/echo`)).body;
    await until(async () => {
      const { rows } = await h.platform.control.db.query<{ event_message: string }>(
        `select event_message from function_edge_logs where project_ref = $1 and metadata->>'function_id' = $2`, [h.ref, echo.id]);
      return rows.some((row) => row.event_message === `GET | 101 | ${h.url}/functions/v1/echo`)
        && rows.some((row) => row.event_message === `GET | 401 | ${h.url}/functions/v1/echo`);
    });
  }, 60_000);
});
