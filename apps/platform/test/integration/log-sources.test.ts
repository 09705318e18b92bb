/**
 * The log sources on both engines, driven by supabase-js as an app would: edge_logs gets every
 * data-plane request, postgrest_logs the schema cache loads and what the database refused, auth_logs
 * GoTrue's audit events and failures, and no row of any source holds a key, token, password or JWT.
 * Under overload (a slow platform database, a tiny buffer) requests still succeed and drops are counted.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOG_SOURCES, LogWriter } from '../../src/data-plane/logs/index.ts';
import type { Database, PreparedStatement } from '../../src/engines/types.ts';
import { startRestHarness, type RestHarness } from '../rest/harness.ts';
import { signUp, uniqueEmail } from '../support/client.ts';
import { DEFAULT_ENGINE } from '../support/platform.ts';

/** The fields these tests read, across sources (each source fills its own). */
interface Metadata {
  [field: string]: unknown;
  request: { search: string };
  response: { status_code: number };
  is_reload?: boolean;
  relations: number;
  functions: number;
  action?: string;
  status?: number;
  path?: string;
}
type Row = { event_message: string; metadata: Metadata };

describe.each([DEFAULT_ENGINE])('log sources on the %s engine', (engine) => {
  let h: RestHarness;
  let sb: SupabaseClient;
  const email = uniqueEmail('logs');
  const password = 'log-test-password-1';
  const platformEmail = uniqueEmail('platform');
  /** Every secret the traffic below carried; none may reach a log row. */
  const secrets: string[] = [password];

  const rows = async (source: string, where = 'true', params: unknown[] = []): Promise<Row[]> =>
    (await h.platform.control.db.query<Row>(`select event_message, metadata from ${source} where project_ref = $1 and ${where} order by timestamp`, [h.ref, ...params])).rows;
  /** The hooks that write log entries run as the response finishes: poll (flushing) until they are there. */
  const eventually = <T>(check: () => Promise<T>) => vi.waitFor(async () => {
    await h.platform.control.logs.flush();
    return check();
  }, { timeout: 10_000, interval: 50 });

  beforeAll(async () => {
    h = await startRestHarness(engine);
    secrets.push(h.anonKey, h.serviceKey, h.jwtSecret);
    sb = h.client();
    await signUp(h.platform.url, platformEmail); // the platform's own auth: not a project, not logged

    const signedUp = await sb.auth.signUp({ email, password });
    expect(signedUp.error).toBeNull();
    const failed = await sb.auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(failed.error?.status).toBe(400);
    const signedIn = await sb.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    for (const session of [signedUp.data.session, signedIn.data.session, refreshed.data.session]) {
      secrets.push(session!.access_token, session!.refresh_token);
    }
    expect((await sb.auth.updateUser({ data: { nickname: 'logger' } })).error).toBeNull();
    expect((await sb.from('authors').select('name')).status).toBe(200);

    const admin = h.client(h.serviceKey);
    const created = await admin.auth.admin.createUser({ email: uniqueEmail('made'), password: 'made-by-admin-1', email_confirm: true });
    expect(created.error).toBeNull();
    expect((await admin.auth.admin.deleteUser(created.data.user!.id)).error).toBeNull();
    secrets.push('made-by-admin-1');

    // Secrets in every place a client may put them: query string, headers, filter values.
    const token = signedIn.data.session!.access_token;
    await fetch(`${h.url}/rest/v1/authors?select=name&apikey=${h.anonKey}&access_token=${token}`);
    await fetch(`${h.url}/rest/v1/authors?select=name`, { headers: { apikey: h.serviceKey, authorization: `Bearer ${h.serviceKey}`, cookie: `sb-access-token=${token}` } });
    expect((await fetch(`${h.url}/rest/v1/authors?id=eq.${h.anonKey}`, { headers: { apikey: h.anonKey } })).status).toBe(400);
    await admin.from('tags').insert({ name: 'log-dup' });
    expect((await admin.from('tags').insert({ name: 'log-dup' })).status).toBe(409);
    expect((await sb.auth.signOut()).error).toBeNull();
  });
  afterAll(async () => h?.platform.stop());

  it('edge_logs: every data-plane request, shaped like Supabase edge logs', async () => {
    const select = await eventually(async () => {
      const found = await rows('edge_logs', `event_message = 'GET /rest/v1/authors 200' and metadata->>'role' = 'authenticated'`);
      expect(found.length).toBeGreaterThan(0);
      return found[0];
    });
    expect(select.metadata).toMatchObject({
      project_ref: h.ref,
      role: 'authenticated',
      request: { method: 'GET', path: '/rest/v1/authors', search: '?select=name', headers: { x_client_info: expect.stringMatching(/^supabase-js/) } },
      response: { status_code: 200, origin_time: expect.any(Number) },
    });
    const withKeys = await rows('edge_logs', `metadata->'request'->>'search' like '%apikey=%'`);
    expect(withKeys.map((r) => r.metadata.request.search)).toEqual(['?select=name&apikey=[redacted]&access_token=[redacted]']);
    const auth = await rows('edge_logs', `metadata->'request'->>'path' = '/auth/v1/token'`);
    expect(auth.map((r) => `${r.metadata.request.search} ${r.metadata.response.status_code}`)).toEqual(
      ['?grant_type=password 400', '?grant_type=password 200', '?grant_type=refresh_token 200']);
  });

  it('postgrest_logs: schema cache loads and reloads, and what the database refused, without values', async () => {
    await h.db.exec('create table log_probe (id integer primary key)');
    expect((await sb.from('log_probe').select('id')).status).toBe(200); // unknown to the cache: reloaded
    const loads = await eventually(async () => {
      const found = await rows('postgrest_logs', `metadata->>'kind' = 'schema_cache'`);
      expect(found.some((r) => r.metadata.is_reload)).toBe(true);
      return found;
    });
    expect(loads[0].event_message).toMatch(/^Schema cache loaded: \d+ Relations, \d+ Relationships, \d+ Functions in [\d.]+ milliseconds$/);
    expect(loads[0].metadata).toMatchObject({ level: 'info', is_reload: false, duration_ms: expect.any(Number) });
    expect(loads[0].metadata.relations).toBeGreaterThanOrEqual(8);
    expect(loads[0].metadata.functions).toBeGreaterThanOrEqual(5);
    expect(loads.find((r) => r.metadata.is_reload)!.event_message).toMatch(/^Schema cache reloaded: /);

    const failures = await rows('postgrest_logs', `metadata->>'kind' = 'request_error'`);
    expect(failures.map((r) => r.metadata)).toEqual(expect.arrayContaining([
      expect.objectContaining({ level: 'warning', method: 'GET', path: '/authors', status: 400, sqlstate: '22P02', message: 'invalid input syntax for type bigint: [value]', role: 'anon' }),
      expect.objectContaining({ level: 'warning', method: 'POST', path: '/tags', status: 409, sqlstate: '23505', message: 'duplicate key value violates unique constraint "tags_name_key"', role: 'service_role' }),
    ]));
    expect(JSON.stringify(failures)).not.toContain('log-dup');
  });

  it('auth_logs: GoTrue audit events and failures of the project, never the platform', async () => {
    const entries = await eventually(async () => {
      const found = await rows('auth_logs');
      expect(found.some((r) => r.metadata.action === 'logout')).toBe(true);
      return found;
    });
    const byAction = (action: string) => entries.find((r) => r.metadata.action === action)?.metadata;
    const user = { actor_username: email, actor_id: expect.stringMatching(/^[0-9a-f-]{36}$/), component: 'api', remote_addr: expect.any(String), msg: 'request completed' };
    expect(byAction('user_signedup')).toMatchObject({ ...user, provider: 'email', log_type: 'team', method: 'POST', path: '/signup', status: 200, level: 'info' });
    expect(byAction('login')).toMatchObject({ ...user, provider: 'email', log_type: 'account', method: 'POST', path: '/token', status: 200 });
    expect(byAction('token_refreshed')).toMatchObject({ ...user, log_type: 'token', path: '/token', status: 200 });
    expect(byAction('user_modified')).toMatchObject({ ...user, log_type: 'user', method: 'PUT', path: '/user' });
    expect(byAction('logout')).toMatchObject({ ...user, log_type: 'account', method: 'POST', path: '/logout', status: 204 });
    expect(byAction('user_deleted')).toMatchObject({ actor_username: 'service_role', log_type: 'team', method: 'DELETE', traits: { user_email: expect.stringMatching(/^made\./) } });
    const failed = entries.find((r) => r.metadata.status === 400 && r.metadata.path === '/token');
    expect(failed?.metadata).toMatchObject({ level: 'warning', error_code: 'invalid_credentials', msg: '400: Invalid login credentials' });
    expect(failed?.event_message).toBe('POST /token 400 invalid_credentials: Invalid login credentials');

    const platformRows = await h.platform.control.db.query(`select 1 from auth_logs where event_message like $1 or metadata::text like $1`, [`%${platformEmail}%`]);
    expect(platformRows.rows).toHaveLength(0);
  });

  it('never stores a key, token, password or JWT in any source', async () => {
    await h.platform.control.logs.flush();
    let total = 0;
    for (const source of LOG_SOURCES) {
      const { rows: all } = await h.platform.control.db.query<{ text: string }>(`select event_message || ' ' || metadata::text as text from ${source}`);
      total += all.length;
      for (const { text } of all) {
        expect(text, source).not.toContain('eyJ');
        for (const secret of secrets) expect(text.includes(secret), `${source} holds a secret`).toBe(false);
      }
    }
    expect(total).toBeGreaterThan(20);
  });

  it('drops and counts entries when the platform database is slow, never the request', async () => {
    const original = h.platform.control.logs;
    const real = h.platform.control.db;
    let release = () => {};
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const slow: Database = {
      query: async <R>(sql: string, params?: unknown[]) => { await gate; return real.query<R>(sql, params); },
      exec: (sql) => real.exec(sql),
      transaction: (fn) => real.transaction(fn),
      queryPrepared: async <R>(setup: PreparedStatement, statement: PreparedStatement) => { await gate; return real.queryPrepared<R>(setup, statement); },
      listen: (channel, onNotify, onLost) => real.listen(channel, onNotify, onLost),
      close: async () => {},
    };
    const tiny = new LogWriter(slow, { maxBuffered: 3, batchSize: 1 });
    h.platform.control.logs = tiny;
    try {
      const statuses = await Promise.all(Array.from({ length: 30 }, () => sb.from('authors').select('name').then((r) => r.status)));
      expect(statuses.every((status) => status === 200)).toBe(true);
      // One entry is being written (and hangs), three wait, the rest are dropped.
      await vi.waitFor(() => expect(tiny.bufferedCount).toBe(3), { timeout: 10_000, interval: 20 });
      release();
      await tiny.close();
      const { rows: counted } = await real.query<{ dropped: string | number }>(
        `select dropped from log_dropped_entries where source = 'edge_logs' and project_ref = $1`, [h.ref]);
      expect(Number(counted[0]?.dropped)).toBe(26);
    } finally {
      release();
      h.platform.control.logs = original;
    }
  });
});
