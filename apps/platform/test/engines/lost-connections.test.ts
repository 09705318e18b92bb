/**
 * A project's cluster going away under the platform's connections to it (scale to zero, a pause, a
 * restart, an upgrade, an administrator ending backends) must not crash the platform: Postgres
 * ends each connection with 57P01 ("terminating connection due to administrator command"), and a
 * pg client or pool without an 'error' listener would throw that as an uncaught exception. Vitest
 * fails the run on one, so each step here would fail if a listener went missing; the next query
 * simply opens afresh.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import type { Database, ProjectLocation } from '../../src/engines/types.ts';
import { killPostgresUnder } from '../support/postgres-processes.ts';
import { randomRef, sleep, tempDataDir } from './helpers.ts';

const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

async function waitUntil(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !check(); await sleep(20)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('connections lost when a local cluster stops', () => {
  let dataDir: string;
  let cleanup: () => Promise<void>;
  let engine: LocalEngine;
  let location: ProjectLocation;
  let db: Database;

  beforeAll(async () => {
    ({ dir: dataDir, cleanup } = await tempDataDir());
    process.on('uncaughtException', recordUncaught);
    engine = new LocalEngine(dataDir);
    location = await engine.createProject(randomRef(), { dbPassword: 'correct horse battery' });
    db = await engine.project(location);
  });

  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    await engine?.dropProject(location).catch(() => undefined);
    await engine?.close();
    await killPostgresUnder(dataDir);
    await cleanup();
  });

  it('an administrator ending every backend: idle pooled connections and a listener are lost quietly', async () => {
    await Promise.all([db.query('select 1'), db.query('select 2')]); // two idle connections in the pool
    const lost: Error[] = [];
    await db.listen('lost_connections', () => undefined, (error) => lost.push(error));

    const { host, port, database } = engine.connectionInfo(location);
    const admin = new pg.Client({ host, port, database, user: 'postgres' });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      // The others first, in a query of their own: in one WHERE clause, Postgres may end its own backend too.
      const { rows } = await admin.query<{ pid: number }>(`select pid from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'`);
      expect(rows.length).toBeGreaterThanOrEqual(3); // two pooled, one listening
      const pids = rows.map((row) => row.pid);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
      // pg_terminate_backend only signals: a backend still alive could take the next query and
      // fail it, as on any server. Once they are all gone, their notices have reached this process.
      for (const deadline = Date.now() + 10_000; ; await sleep(20)) {
        const { rows: [left] } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where pid = any($1::int[])', [pids]);
        if (left.n === 0) break;
        if (Date.now() > deadline) throw new Error('timed out waiting for the ended backends to exit');
      }
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setImmediate(resolve)); // the I/O already received is handled first

    await waitUntil('the listener to be told', () => lost.length > 0);
    expect((await db.query<{ n: number }>('select 3 as n')).rows).toEqual([{ n: 3 }]);
    expect(uncaught).toEqual([]);
  });

  it('scale to zero under an idle pool and a passive listener, then a wake on the next query', async () => {
    await Promise.all([db.query('select 1'), db.query('select 2')]);
    const lost: Error[] = [];
    await db.listen('lost_connections', () => undefined, (error) => lost.push(error), { passive: true });

    await engine.scaleToZero(location);
    expect(engine.isRunning(location)).toBe(false);
    await waitUntil('the passive listener to be told', () => lost.length > 0);
    expect((await db.query<{ n: number }>('select 4 as n')).rows).toEqual([{ n: 4 }]);
    expect(uncaught).toEqual([]);
  });
});
