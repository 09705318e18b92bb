/**
 * Two platform nodes on one Postgres platform database agree (issue 20): each request below goes to
 * one node's own URL. A rate limit is one budget whichever node counts it; a refresh token rotated on
 * one node is known as rotated on the other; and a change made through node A (a table created with
 * SQL, an API key deleted, the JWT secret rotated, the auth settings) reaches node B within a second,
 * through the cluster bus rather than by waiting for B's caches to expire. `NOTIFY pgrst` sent by a
 * client of node A's pooler reloads node B's schema cache. A SQL script running on node A is
 * cancelled by a cancel sent to node B. A project taken offline on the bus loses node B's pooler
 * clients. Wrong pooler passwords draw on one budget across nodes.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, loginError } from '../pooler/support.ts';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { startNodes, type NodeFleet } from '../support/nodes.ts';

const PASSWORD = 'correct-horse-battery';
const DB_PASSWORD = 'a-long-db-password';
/** The spec's bound: a change on one node is seen on every node within this. */
const WITHIN_MS = 1000;

interface Probe {
  /** Milliseconds from `since` to the start of the first probe that saw the change. */
  seenAfterMs: number;
}

/** Polls `probe` until it is true; the time counted is from `since` to the start of the probe that saw it. */
async function seenWithin(since: number, probe: () => Promise<boolean>, giveUpMs = 5000): Promise<Probe> {
  for (;;) {
    const startedAt = performance.now();
    if (await probe()) return { seenAfterMs: Math.round(startedAt - since) };
    if (performance.now() - since > giveUpMs) throw new Error(`not seen within ${giveUpMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('two nodes agree on caches, rate limits and token windows', () => {
  let fleet: NodeFleet;
  let a: ApiClient;
  let ref: string;
  let anonKey: string;
  let serviceKey: string;
  const seen: Record<string, number> = {};
  const node = (i: number) => fleet.nodeUrls[i];
  const project = (i: number, path: string) => `${node(i)}/p/${ref}${path}`;
  const auth = (i: number, path: string, body?: unknown, key = anonKey) =>
    fetch(project(i, `/auth/v1${path}`), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const rest = (i: number, path: string, key: string) => fetch(project(i, `/rest/v1${path}`), { headers: { apikey: key, authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    fleet = await startNodes({ count: 2 });
    a = (await signUp(node(0))).api;
    const slug = (await a.post('/api/organizations', { name: 'Agreement' })).body.slug as string;
    ref = (await a.post('/api/projects', { name: 'agree', organization_slug: slug, db_pass: DB_PASSWORD })).body.ref;
    await waitForStatus(a, ref, 'ACTIVE_HEALTHY');
    const settings = (await a.get(`/api/props/project/${ref}/settings`)).body;
    anonKey = settings.autoApiService.defaultApiKey;
    serviceKey = settings.autoApiService.serviceApiKey;
  }, 150_000);

  afterAll(async () => {
    console.log(`agreement: change seen on the other node after (ms) ${JSON.stringify(seen)}`);
    await fleet?.stop();
  }, 60_000);

  it('counts sign-in attempts spread over both nodes against one limit', async () => {
    const email = uniqueEmail('guesser');
    const statuses: number[] = [];
    // The password limit is 10 attempts per address and client; half go to each node.
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await auth(attempt % 2, '/token?grant_type=password', { email, password: `wrong-${attempt}` });
      statuses.push(response.status);
      if (attempt === 10) expect(await response.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    // Still refused on either node: the window is shared, not the node's own.
    expect((await auth(0, '/token?grant_type=password', { email, password: 'again' })).status).toBe(429);
  });

  it('knows on node B that node A rotated a refresh token', async () => {
    const signedUp = await (await auth(0, '/signup', { email: uniqueEmail('rotating'), password: PASSWORD })).json();
    const first = signedUp.refresh_token as string;
    const onA = await (await auth(0, '/token?grant_type=refresh_token', { refresh_token: first })).json();
    expect(onA.refresh_token).toBeTruthy();
    // Within the reuse interval, node B hands back the session with the token node A issued.
    const reusedOnB = await (await auth(1, '/token?grant_type=refresh_token', { refresh_token: first })).json();
    expect(reusedOnB.refresh_token).toBe(onA.refresh_token);
    // Once that child is rotated too (on B), the first token is a reuse: the session ends on both nodes.
    const second = await (await auth(1, '/token?grant_type=refresh_token', { refresh_token: onA.refresh_token })).json();
    expect(second.refresh_token).toBeTruthy();
    const replay = await auth(0, '/token?grant_type=refresh_token', { refresh_token: first });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
    expect((await auth(1, '/token?grant_type=refresh_token', { refresh_token: second.refresh_token })).status).toBe(400);
  });

  it('shows a table created with SQL on node A in node B\'s REST API within a second', async () => {
    // Node B loads its schema cache first; its OpenAPI document comes from that cache alone.
    const document = async () => (await (await rest(1, '/', serviceKey)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys((await document()).paths)).not.toContain('/agreement_notes');
    const created = await a.post(`/api/platform/pg-meta/${ref}/query`, { query: "create table public.agreement_notes (id int primary key, body text); insert into public.agreement_notes values (1, 'from A')" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const changedAt = performance.now();
    const { seenAfterMs } = await seenWithin(changedAt, async () => Object.keys((await document()).paths).includes('/agreement_notes'));
    seen.schema = seenAfterMs;
    expect(seenAfterMs).toBeLessThan(WITHIN_MS);
    expect(await (await rest(1, '/agreement_notes?select=body', serviceKey)).json()).toEqual([{ body: 'from A' }]);
  });

  it('reloads node B\'s schema cache on NOTIFY pgrst sent through node A\'s pooler, within a second', async () => {
    const document = async () => Object.keys(((await (await rest(1, '/', serviceKey)).json()) as { paths: Record<string, unknown> }).paths);
    expect(await document()).not.toContain('/notified_notes');
    const client = await connected(fleet.poolerPorts[0], ref, DB_PASSWORD);
    try {
      await client.query("create table public.notified_notes (id int primary key, body text); insert into public.notified_notes values (1, 'by psql')");
      // Plain SQL tells no platform node: node B's cache stays as it was until asked to reload.
      expect(await document()).not.toContain('/notified_notes');
      await client.query("notify pgrst, 'reload schema'");
    } finally {
      await client.end();
    }
    const changedAt = performance.now();
    const { seenAfterMs } = await seenWithin(changedAt, async () => (await document()).includes('/notified_notes'));
    seen.notify = seenAfterMs;
    expect(seenAfterMs).toBeLessThan(WITHIN_MS);
    expect(await (await rest(1, '/notified_notes?select=body', serviceKey)).json()).toEqual([{ body: 'by psql' }]);
  });

  it('refuses on node B a secret API key deleted on node A within a second', async () => {
    const keysPath = `/api/platform/projects/${ref}/api-keys`;
    const key = (await a.post(keysPath, { type: 'secret', name: 'short_lived' })).body as { id: string; api_key: string };
    expect((await rest(1, '/', key.api_key)).status).toBe(200);
    expect((await a.delete(`${keysPath}/${key.id}`)).status).toBe(200);
    const changedAt = performance.now();
    const { seenAfterMs } = await seenWithin(changedAt, async () => {
      const response = await rest(1, '/', key.api_key);
      return response.status === 401 && (await response.json()).message === 'Invalid API key';
    });
    seen.apiKey = seenAfterMs;
    expect(seenAfterMs).toBeLessThan(WITHIN_MS);
  });

  it('applies an auth settings change made on node A to sign-ups on node B within a second', async () => {
    expect((await (await auth(1, '/settings')).json()).disable_signup).toBe(false);
    const patched = await a.patch(`/api/platform/projects/${ref}/config/auth`, { disable_signup: true });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const changedAt = performance.now();
    const { seenAfterMs } = await seenWithin(changedAt, async () => (await (await auth(1, '/settings')).json()).disable_signup === true);
    seen.authConfig = seenAfterMs;
    expect(seenAfterMs).toBeLessThan(WITHIN_MS);
    const refused = await auth(1, '/signup', { email: uniqueEmail('late'), password: PASSWORD });
    expect(refused.status).toBe(403);
  });

  it('cancels through node B a SQL script running on node A', async () => {
    const queryId = randomUUID();
    const b = new ApiClient(node(1), a.token);
    const startedAt = performance.now();
    const running = a.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select pg_sleep(30)', query_id: queryId });
    let isCancelled = false;
    // Until node A has started the script, node B's cancel finds it nowhere (and says so).
    for (let tries = 0; !isCancelled && tries < 10; tries++) {
      isCancelled = (await b.post(`/api/platform/pg-meta/${ref}/query/cancel`, { query_id: queryId })).body.cancelled;
    }
    expect(isCancelled).toBe(true);
    expect((await running).body).toMatchObject({ code: 'database_error', message: 'canceling statement due to user request' });
    expect(performance.now() - startedAt).toBeLessThan(20_000);
    expect((await b.post(`/api/platform/pg-meta/${ref}/query/cancel`, { query_id: queryId })).body).toEqual({ cancelled: false });
  });

  it('refuses on node B the keys signed with a JWT secret rotated through node A within a second', async () => {
    expect((await rest(1, '/', anonKey)).status).toBe(200);
    const started = await a.post(`/api/projects/${ref}/config/secrets/update-jwt-secret`, {});
    expect(started.status).toBe(200);
    // The rotation is a job (on whichever node takes it); node B must refuse the old key once it is done.
    await seenWithin(performance.now(), async () => (await a.get(`/api/props/project/${ref}/jwt-secret-update-status`)).body.jwtSecretUpdateStatus?.meta.status === 'updated', 30_000);
    const changedAt = performance.now();
    const { seenAfterMs } = await seenWithin(changedAt, async () => {
      const response = await rest(1, '/', anonKey);
      return response.status === 401 && (await response.json()).code === 'PGRST301';
    });
    seen.jwtSecret = seenAfterMs;
    expect(seenAfterMs).toBeLessThan(WITHIN_MS);
    const renewed = (await a.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey as string;
    expect((await rest(1, '/', renewed)).status).toBe(200);
  });

  it('ends node B\'s pooler clients of a project another node takes offline (a major upgrade\'s step 3)', async () => {
    const client = await connected(fleet.poolerPorts[1], ref, DB_PASSWORD);
    const ended = new Promise<Error>((resolve) => client.on('error', resolve));
    expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
    // What the upgrade job's node publishes (control/project-caches.ts takeProjectOffline), in the bus's envelope.
    const platformDb = new pg.Client({ connectionString: fleet.platformDatabaseUrl });
    await platformDb.connect();
    try {
      await platformDb.query('select pg_notify($1, $2)', ['plinth_bus_project_offline', JSON.stringify({ n: 'upgrade-node', s: 1, p: { ref } })]);
    } finally {
      await platformDb.end();
    }
    expect((await ended).message).toMatch(/the project is going offline/);
    await client.end().catch(() => undefined);
    // Still ACTIVE_HEALTHY here, so node B serves it again at once (with the key of the rotated secret).
    const key = (await a.get(`/api/props/project/${ref}/settings`)).body.autoApiService.serviceApiKey as string;
    expect(await (await rest(1, '/notified_notes?select=body', key)).json()).toEqual([{ body: 'by psql' }]);
  });

  // Last: the guesses block this client address for the project until the window (a minute) passes.
  it('counts wrong pooler passwords spread over both nodes against one limit', async () => {
    // The limit counts in fixed one-minute windows: start well inside one, so all guesses share it.
    const leftInWindow = 60_000 - (Date.now() % 60_000);
    if (leftInWindow < 3_000) await new Promise((resolve) => setTimeout(resolve, leftInWindow));
    const messages: string[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const error = await loginError(fleet.poolerPorts[attempt % 2], ref, `wrong-${attempt}`);
      messages.push(error?.message ?? 'logged in');
    }
    // Ten failures (five on each node), then the pair is refused whichever node counts.
    expect(messages.slice(0, 10)).toEqual(Array(10).fill(`password authentication failed for user "postgres.${ref}"`));
    expect(messages[10]).toMatch(/too many failed password attempts/);
    expect((await loginError(fleet.poolerPorts[0], ref, DB_PASSWORD))?.message).toMatch(/too many failed password attempts/);
  });
});
