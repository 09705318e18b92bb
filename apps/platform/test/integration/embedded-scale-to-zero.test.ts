/**
 * Scale to zero on the embedded engine, as a person running Plinth meets it: with
 * PLINTH_IDLE_STOP_S=1 an unused project's PGlite worker closes, the project stays ACTIVE_HEALTHY
 * (status and liveness checks do not reopen it), the next REST request reopens it and answers, and a
 * pooler client's open transaction keeps the worker from closing under it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedEngine } from '../../src/engines/embedded/embedded-engine.ts';
import { connected } from '../pooler/support.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PASSWORD = 'a-long-db-password';
const MB = 1024 * 1024;

describe('embedded engine: idle workers close and reopen on the next request', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let api: ApiClient;
  let engine: EmbeddedEngine;
  let ref = '';
  let serviceKey = '';
  const rows = [{ id: 1, body: 'one' }, { id: 2, body: 'two' }];

  const location = () => ({ ref, server: null });
  const rest = (query: string, init: RequestInit = {}) =>
    fetch(`${platform.url}/p/${ref}/rest/v1/${query}`, {
      ...init,
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json', ...init.headers },
    });
  /** Waits (on the engine's own state) until the idle timer has closed the worker. */
  const closed = async () => {
    for (const deadline = Date.now() + 30_000; engine.isRunning(location()); await sleep(50)) {
      if (Date.now() > deadline) throw new Error('the idle worker did not close');
    }
  };

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'embedded', env: { PLINTH_IDLE_STOP_S: '1' } });
    engine = platform.control.engine as EmbeddedEngine;
    ({ api } = await signUp(platform.url));
    const slug = (await api.post('/api/organizations', { name: 'Idle', plan: 'free' })).body.slug;
    ref = (await api.post('/api/projects', { name: 'sleeper', organization_slug: slug, db_pass: PASSWORD })).body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    serviceKey = (await api.get(`/api/props/project/${ref}/settings`)).body.autoApiService.serviceApiKey;
    const table = await api.post(`/api/platform/pg-meta/${ref}/query`, { query: 'create table notes (id bigint primary key, body text)' });
    expect(table.status).toBe(200);
    expect((await rest('notes', { method: 'POST', body: JSON.stringify(rows) })).status).toBe(201);
  }, 180_000);

  afterAll(async () => platform?.stop());

  it('closes the unused worker, stays ACTIVE_HEALTHY without reopening, and the next REST request answers', { timeout: 120_000 }, async () => {
    expect(engine.isRunning(location())).toBe(true);
    global.gc?.();
    const openRss = process.memoryUsage().rss;
    await closed();
    expect(engine.openWorkers).toBe(0);
    global.gc?.();
    console.log(`embedded engine: RSS with the worker open ${Math.round(openRss / MB)} MB, closed ${Math.round(process.memoryUsage().rss / MB)} MB`);

    expect((await api.get(`/api/platform/projects/${ref}/status`)).body.status).toBe('ACTIVE_HEALTHY');
    expect((await api.get(`/api/projects/${ref}/live`)).body).toEqual({ live: true });
    // Neither question reopened it.
    expect(engine.isRunning(location())).toBe(false);

    const started = performance.now();
    const woken = await rest('notes?select=id,body&order=id');
    const wakeMs = performance.now() - started;
    expect(woken.status).toBe(200);
    expect(await woken.json()).toEqual(rows);
    console.log(`embedded engine over HTTP: REST request that reopens a closed worker ${Math.round(wakeMs)} ms`);
    expect(engine.isRunning(location())).toBe(true);
  });

  it("keeps the worker open while a pooler client's transaction is open, and closes it after", { timeout: 120_000 }, async () => {
    const client = await connected(platform.pooler.ports.transaction!, ref, PASSWORD);
    try {
      await client.query('begin');
      await client.query(`insert into notes values (3, 'in a transaction')`);
      // Several idle periods (1 s, checked every 250 ms) pass with the transaction open: nothing may close it.
      await sleep(3_000);
      expect(engine.isRunning(location())).toBe(true);
      await client.query('commit');
    } finally {
      await client.end();
    }
    await closed();
    const read = await rest('notes?id=eq.3&select=body');
    expect(await read.json()).toEqual([{ body: 'in a transaction' }]);
  });
});
