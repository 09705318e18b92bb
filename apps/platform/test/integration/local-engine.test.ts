/**
 * The local engine as a person running Plinth meets it: project clusters outlive a platform process
 * killed with kill -9 and are adopted (never doubled) by the next one, stop when idle and wake on the
 * next request, and a long SQL editor query does not hold up the project's REST API.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildPlatform, type ChildPlatform } from '../support/child-platform.ts';
import { ApiClient, signUp, waitForStatus } from '../support/client.ts';
import { isRunningProcess, killPostgresUnder, postgresProcessesLeftUnder, postmastersPerDataDir } from '../support/postgres-processes.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('local engine platform: clusters, a killed platform, idle stops', () => {
  let dataDir = '';
  let platform: ChildPlatform | undefined;
  let token = '';
  let ref = '';
  let serviceKey = '';
  const rows = [{ id: 1, body: 'one' }, { id: 2, body: 'two' }];

  const start = async (env: Record<string, string> = {}) => {
    platform = await startChildPlatform({ PLINTH_ENGINE: 'local', PLINTH_DATA_DIR: dataDir, ...env });
    return { platform, api: new ApiClient(platform.url, token) };
  };
  const stop = async (signal: NodeJS.Signals) => {
    const stopped = await platform!.stop(signal);
    platform = undefined;
    return stopped;
  };
  const rest = (url: string, query: string, init: RequestInit = {}) =>
    fetch(`${url}/p/${ref}/rest/v1/${query}`, {
      ...init,
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json', ...init.headers },
    });
  const projectDb = () => path.join(dataDir, 'projects', ref, 'db');
  const pidFile = () => path.join(projectDb(), 'postmaster.pid');
  const postmasterPid = () => Number(readFileSync(pidFile(), 'utf8').split('\n')[0]);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-local-'));
    const { platform: first } = await start();
    const { api } = await signUp(first.url);
    token = api.token!;
    const slug = (await api.post('/api/organizations', { name: 'Local' })).body.slug;
    ref = (await api.post('/api/projects', { name: 'clusters', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    serviceKey = (await api.get(`/api/props/project/${ref}/settings`)).body.autoApiService.serviceApiKey;
    const table = await api.post(`/api/platform/pg-meta/${ref}/query`, { query: 'create table notes (id bigint primary key, body text)' });
    expect(table.status).toBe(200);
    const inserted = await rest(first.url, 'notes', { method: 'POST', body: JSON.stringify(rows) });
    expect(inserted.status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    if (platform) await stop('SIGTERM');
    if (!dataDir) return;
    await killPostgresUnder(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('kill -9 of the platform leaves its clusters running; the restarted platform adopts them and loses nothing', { timeout: 180_000 }, async () => {
    const orphan = postmasterPid();
    expect((await stop('SIGKILL')).signal).toBe('SIGKILL');
    // The postmaster is detached: it outlives the platform that started it.
    expect(isRunningProcess(orphan)).toBe(true);

    const { platform: again } = await start();
    const read = await rest(again.url, 'notes?select=id,body&order=id');
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(rows);
    expect(isRunningProcess(orphan)).toBe(false);
    expect(postmasterPid()).not.toBe(orphan);
    // One postmaster per cluster: the project's and the platform's own, never a second beside an orphan.
    const perDir = postmastersPerDataDir(dataDir);
    expect(Object.fromEntries(perDir)).toEqual({ [projectDb()]: 1, [path.join(dataDir, 'platform-cluster', 'db')]: 1 });

    const stopped = await stop('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(await postgresProcessesLeftUnder(dataDir)).toEqual([]);
  });

  it('PLINTH_IDLE_STOP_S=1: an unused cluster stops, the project stays ACTIVE_HEALTHY, and a request wakes it', { timeout: 180_000 }, async () => {
    const { platform: idle, api } = await start({ PLINTH_IDLE_STOP_S: '1' });
    expect((await rest(idle.url, 'notes?id=eq.1&select=body')).status).toBe(200);
    expect(existsSync(pidFile())).toBe(true);
    const deadline = Date.now() + 30_000;
    while (existsSync(pidFile())) {
      if (Date.now() > deadline) throw new Error(`the idle cluster did not stop:\n${idle.output()}`);
      await sleep(50);
    }
    expect((await api.get(`/api/platform/projects/${ref}/status`)).body.status).toBe('ACTIVE_HEALTHY');
    expect((await api.get(`/api/projects/${ref}/live`)).body).toEqual({ live: true });
    // Neither question started it again.
    expect(existsSync(pidFile())).toBe(false);

    const started = performance.now();
    const woken = await rest(idle.url, 'notes?select=id,body&order=id');
    const wakeMs = performance.now() - started;
    expect(woken.status).toBe(200);
    expect(await woken.json()).toEqual(rows);
    console.log(`local engine over HTTP: REST request that wakes a stopped cluster ${Math.round(wakeMs)} ms`);
    expect(existsSync(pidFile())).toBe(true);
  });

  it('a long SQL editor query does not hold up REST primary-key reads', { timeout: 120_000 }, async () => {
    const { platform: running, api } = platform ? { platform, api: new ApiClient(platform.url, token) } : await start();
    expect((await rest(running.url, 'notes?id=eq.1&select=body')).status).toBe(200); // awake before the clock starts
    const started = performance.now();
    let sqlMs = 0;
    const sql = api.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select pg_sleep(4)' }).then((response) => {
      sqlMs = performance.now() - started;
      return response;
    });
    const readMs: number[] = [];
    while (!sqlMs) {
      const before = performance.now();
      const read = await rest(running.url, 'notes?id=eq.2&select=body');
      readMs.push(performance.now() - before);
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual([{ body: 'two' }]);
      await sleep(100);
    }
    expect((await sql).status).toBe(200);
    expect(sqlMs).toBeGreaterThanOrEqual(3900);
    console.log(`local engine over HTTP: ${readMs.length} REST reads during a 4 s SQL query, slowest ${Math.round(Math.max(...readMs))} ms`);
    expect(readMs.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...readMs)).toBeLessThan(2500);
  });
});
