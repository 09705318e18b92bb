/**
 * What a client may send that realtime-js never would: each refused with the protocol's error reply
 * while the socket keeps working; refused upgrades; forged and expired tokens; oversized messages;
 * a flood of joins. Raw websocket frames (the `ws` package), as a hostile client sends them.
 */
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket, startRealtimeHarness, userToken, type RealtimeHarness, type TestProject } from './harness.ts';

describe('realtime bad input', () => {
  let h: RealtimeHarness;
  let project: TestProject;
  const sockets: RawSocket[] = [];
  const open = async (options: { apikey?: string; vsn?: string } = {}, target = project) => {
    const socket = await RawSocket.open(target, options);
    sockets.push(socket);
    return socket;
  };
  const heartbeat = async (socket: RawSocket) => (await socket.call('phoenix', 'heartbeat', {})).status;

  beforeAll(async () => {
    h = await startRealtimeHarness('embedded');
    project = h.project;
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await h?.stop();
  }, 60_000);

  it('refuses upgrades with a bad version, a bad apikey or an unknown project', async () => {
    await expect(open({ vsn: '3.0.0' })).rejects.toThrow('HTTP 400');
    await expect(open({ apikey: 'not-a-key' })).rejects.toThrow('HTTP 401');
    await expect(open({ apikey: 'sb_publishable_forged' })).rejects.toThrow('HTTP 401');
    await expect(open({}, { ...project, url: project.url.replace(project.ref, 'abcdefghijabcdefghij') })).rejects.toThrow('HTTP 404');
  });

  it('answers malformed frames with error replies and keeps the socket', async () => {
    const socket = await open();
    const errorFor = (check: (m: any) => boolean) => socket.waitFor((m) => m[3] === 'phx_reply' && m[4].status === 'error' && check(m));
    socket.send('this is not json');
    expect((await errorFor((m) => m[4].response.reason.includes('not JSON')))[2]).toBe('phoenix');
    socket.send(JSON.stringify({ topic: 'realtime:x', event: 'phx_join' }));
    await errorFor((m) => m[4].response.reason.includes('expected [join_ref'));
    socket.send(JSON.stringify([null, '77', 'realtime:x', 'phx_join', 'not an object']));
    await errorFor((m) => m[1] === '77' && m[4].response.reason.includes('payload must be an object'));
    socket.send(Buffer.from([9, 9, 9, 9]));
    await errorFor((m) => m[4].response.reason.includes('binary frame'));
    socket.send(Buffer.from([3, 200, 200, 200, 200, 200, 1, 65]));
    await errorFor((m) => m[4].response.reason.includes('too short'));
    expect((await socket.call('phoenix', 'shout', {})).response.reason).toMatch(/^UnknownEvent/);
    expect((await socket.call('realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'x', payload: {} })).response.reason).toBe('unmatched topic');
    expect((await socket.call('room:lobby', 'phx_join', {})).response.reason).toBe('unmatched topic');
    const joined = await socket.call('realtime:fine', 'phx_join', { config: {} }, 'j1');
    expect(joined.status).toBe('ok');
    expect((await socket.call('realtime:fine', 'make_coffee', {}, 'j1')).response.reason).toMatch(/^UnknownEvent/);
    expect((await socket.call('realtime:fine', 'presence', { type: 'presence', event: 'track', payload: [1, 2] }, 'j1')).response.reason).toMatch(/^MalformedMessage/);
    expect((await socket.call('realtime:bad-config', 'phx_join', { config: { postgres_changes: 'all' } })).response.reason).toMatch(/^MalformedMessage/);
    expect(await heartbeat(socket)).toBe('ok');
  });

  it('refuses forged, expired and other projects\' tokens on join', async () => {
    const socket = await open();
    const forged = await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(40)));
    const refused = await socket.call('realtime:vault', 'phx_join', { config: {}, access_token: forged });
    expect(refused).toEqual({ status: 'error', response: { reason: 'InvalidJWTToken: JWSError JWSInvalidSignature' } });
    const expired = await userToken(project, {}, -30);
    expect((await socket.call('realtime:vault', 'phx_join', { config: {}, access_token: expired })).response.reason).toMatch(/^InvalidJWTToken: Token has expired (29|30|31|32) seconds ago$/);
    const other = await h.createProject('Elsewhere');
    expect((await socket.call('realtime:vault', 'phx_join', { config: {}, access_token: other.serviceKey })).status).toBe('error');
    expect(await heartbeat(socket)).toBe('ok');
  });

  it('refuses messages over the plan\'s size on the socket and over REST', async () => {
    const free = await h.createProject('Small', 'free');
    const socket = await open({ apikey: free.anonKey }, free);
    expect((await socket.call('realtime:big', 'phx_join', { config: { broadcast: { ack: true } } }, 'j')).status).toBe('ok');
    const big = 'x'.repeat(300 * 1024);
    const refused = await socket.call('realtime:big', 'broadcast', { type: 'broadcast', event: 'blob', payload: { big } }, 'j');
    expect(refused.response.reason).toMatch(/^PayloadTooLarge: .* 256000 bytes$/);
    expect((await socket.call('realtime:big', 'broadcast', { type: 'broadcast', event: 'small', payload: { ok: true } }, 'j')).status).toBe('ok');
    const rest = await fetch(`${free.url}/realtime/v1/api/broadcast`, {
      method: 'POST', headers: { apikey: free.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ topic: 'big', event: 'blob', payload: { big } }] }),
    });
    expect(rest.status).toBe(413);
    expect((await rest.json()).code).toBe('realtime_message_too_large');
    // A frame over the websocket's own limit (4 MB) closes that socket with 1009; the node carries on.
    const huge = await open();
    huge.send(JSON.stringify([null, '1', 'realtime:big', 'broadcast', { big: 'y'.repeat(5 * 1024 * 1024) }]));
    expect(await huge.closed).toBe(1009);
    expect(await heartbeat(socket)).toBe('ok');
  });

  it('limits channels per socket and joins per second', async () => {
    const socket = await open();
    const replies = await Promise.all(Array.from({ length: 150 }, (_, i) => socket.call(`realtime:flood-${i}`, 'phx_join', { config: {} }, `f${i}`)));
    const ok = replies.filter((r) => r.status === 'ok').length;
    const reasons = new Set(replies.filter((r) => r.status === 'error').map((r) => r.response.reason));
    expect(ok).toBeLessThanOrEqual(100);
    expect(ok).toBeGreaterThan(0);
    expect([...reasons].every((reason) => /^(ChannelRateLimitReached|ClientJoinRateLimitReached)/.test(reason))).toBe(true);
    expect(reasons.size).toBeGreaterThan(0);
    expect(await heartbeat(socket)).toBe('ok');
  });

  it('closes a channel whose refreshed token is forged, with a system message and phx_close', async () => {
    const socket = await open();
    expect((await socket.call('realtime:refresh', 'phx_join', { config: {} }, 'r1')).status).toBe('ok');
    const closed = socket.waitFor((m) => m[2] === 'realtime:refresh' && m[3] === 'phx_close');
    const system = socket.waitFor((m) => m[2] === 'realtime:refresh' && m[3] === 'system');
    socket.send(JSON.stringify(['r1', socket.nextRef(), 'realtime:refresh', 'access_token', { access_token: 'a.b.c' }]));
    expect((await system)[4]).toMatchObject({ extension: 'system', status: 'error', channel: 'refresh' });
    expect((await closed)[0]).toBe('r1');
    expect(await heartbeat(socket)).toBe('ok');
  });

  it('answers a postgres_changes subscription that cannot be made as realtime-js expects', async () => {
    const socket = await open();
    const spec = { event: 'INSERT', schema: 'public', table: 'todos' };
    const system = socket.waitFor((m) => m[2] === 'realtime:changes' && m[3] === 'system');
    const joined = await socket.call('realtime:changes', 'phx_join', { config: { postgres_changes: [spec] } }, 'c1');
    // Without `wait` the channel joins (broadcast and presence work) and a system message tells why
    // no change will come; with it, the join itself is refused.
    expect(joined).toEqual({ status: 'ok', response: { postgres_changes: [{ ...spec, id: 0 }] } });
    expect((await system)[4]).toMatchObject({ extension: 'postgres_changes', status: 'error', channel: 'changes', message: expect.stringMatching(/^Unable to subscribe to changes/) });
    const waited = await socket.call('realtime:changes-wait', 'phx_join', { config: { postgres_changes: [spec], postgres_changes_options: { wait: true } } });
    expect(waited.status).toBe('error');
    expect(waited.response.reason).toMatch(/^Unable to subscribe to changes/);
  });

  it('holds projects to the plan\'s connections and messages, and logs to realtime_logs', async () => {
    const free = await h.createProject('Quota', 'free');
    const month = new Date().toISOString().slice(0, 8) + '01';
    // 2,000,000 messages a month on Free, counted in the platform database (as if sent already).
    await h.platform.control.db.query('insert into realtime_usage (project_ref, month, messages) values ($1, $2::date, 2000000)', [free.ref, month]);
    // 200 connections on Free: the 201st socket opens, but its joins are refused with the reason.
    const many = await Promise.all(Array.from({ length: 200 }, () => open({ apikey: free.anonKey }, free)));
    const extra = await open({ apikey: free.anonKey }, free);
    expect((await extra.call('realtime:crowd', 'phx_join', { config: {} })).response.reason).toBe('ConnectionRateLimitReached: Too many connected users');
    expect((await many[0].call('realtime:crowd', 'phx_join', { config: {} })).status).toBe('ok');
    for (const socket of [...many, extra]) socket.close();
    await Promise.all([...many, extra].map((socket) => socket.closed));
    const socket = await open({ apikey: free.anonKey }, free);
    expect((await socket.call('realtime:quota', 'phx_join', { config: { broadcast: { ack: true } } }, 'q')).status).toBe('ok');
    expect((await socket.call('realtime:quota', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }, 'q')).response.reason).toMatch(/^MessagePerMonthQuotaReached/);
    const rest = await fetch(`${free.url}/realtime/v1/api/broadcast`, {
      method: 'POST', headers: { apikey: free.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ topic: 'quota', event: 'x', payload: {} }] }),
    });
    expect(rest.status).toBe(429);
    await h.platform.control.logs.flush();
    const { rows } = await h.platform.control.db.query<{ event: string; level: string }>(
      `select metadata ->> 'event' as event, metadata ->> 'level' as level from realtime_logs where project_ref = $1`, [free.ref]);
    const events = new Set(rows.map((row) => `${row.event}/${row.level}`));
    for (const expected of ['connect/info', 'join/info', 'join/warning', 'broadcast/error']) expect(events).toContain(expected);
  });

  it('speaks vsn 1.0.0 objects', async () => {
    const ws = new WebSocket(`${project.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${project.anonKey}&vsn=1.0.0`);
    await new Promise((resolve) => ws.once('open', resolve));
    const reply = new Promise<any>((resolve) => ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))));
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '5' }));
    expect(await reply).toEqual({ join_ref: null, ref: '5', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
    ws.close();
  });
});
