/**
 * What only the local engine has to get right: a real PostgreSQL cluster per project, copied from a
 * template, supervised (crashes, orphans a killed platform left), stopped when idle and woken on
 * use, and walled off from the machine and from the other projects.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinaries } from '../../src/engines/local/binaries.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import type { ProjectLocation } from '../../src/engines/types.ts';
import { isRunningProcess, killPostgresUnder, postgresProcessesLeftUnder, postgresProcessesUnder, postmastersPerDataDir } from '../support/postgres-processes.ts';
import { randomRef, sleep, tempDataDir } from './helpers.ts';

const execFileAsync = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ENGINE_MODULE = fileURLToPath(new URL('../../src/engines/local/local-engine.ts', import.meta.url));
const PASSWORD = 'correct horse battery';

/** Polls `check` until it returns something other than undefined (a throw counts as not yet). */
async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}${last ? `; last error: ${String(last)}` : ''}`);
}

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => new Error('expected the statement to fail, it succeeded'), (error: unknown) => error);
}

/** A client of the project's cluster over its socket, as an outside tool (psql) would connect. */
async function socketClient(engine: LocalEngine, location: ProjectLocation, user = 'postgres'): Promise<pg.Client> {
  const { host, port, database } = engine.connectionInfo(location);
  const client = new pg.Client({ host, port, database, user });
  await client.connect();
  return client;
}

describe('local engine', () => {
  let dataDir: string;
  let cleanupDir: () => Promise<void>;
  let engine: LocalEngine;
  const logged: string[] = [];
  const created: ProjectLocation[] = [];
  let a: ProjectLocation;
  let b: ProjectLocation;
  let firstCreationMs: number;
  let secondCreationMs: number;
  let templatesAfterFirst: string[];
  const major = postgresBinaries().major;
  const markerOf = (template: string) => readFileSync(join(dataDir, 'templates', template, '.plinth-template-ready'), 'utf8');

  beforeAll(async () => {
    ({ dir: dataDir, cleanup: cleanupDir } = await tempDataDir());
    engine = new LocalEngine(dataDir, { log: (message) => logged.push(message) });
    let started = performance.now();
    a = await engine.createProject(randomRef(), { dbPassword: PASSWORD });
    firstCreationMs = performance.now() - started;
    created.push(a);
    templatesAfterFirst = await readdir(join(dataDir, 'templates'));
    started = performance.now();
    b = await engine.createProject(randomRef(), { dbPassword: PASSWORD });
    expect(await engine.isLive(b)).toBe(true);
    secondCreationMs = performance.now() - started;
    created.push(b);
  });

  afterAll(async () => {
    for (const location of created) await engine.dropProject(location).catch(() => undefined);
    await engine.close();
    const left = await postgresProcessesLeftUnder(dataDir);
    await killPostgresUnder(dataDir);
    await cleanupDir();
    expect(left, 'PostgreSQL processes left after close()').toEqual([]);
  });

  it('builds the template once; later projects are copies of it, up in well under a second', async () => {
    console.log(`local engine: first project (builds the template) ${Math.round(firstCreationMs)} ms, next project ${Math.round(secondCreationMs)} ms`);
    expect(templatesAfterFirst).toHaveLength(1);
    expect(templatesAfterFirst[0]).toMatch(new RegExp(`^local-${major}-[0-9a-f]{16}$`));
    const marker = markerOf(templatesAfterFirst[0]);
    // A copy skips initdb and the bootstrap: measured against the build on the same machine, so
    // a loaded CI host slows both alike (bench:engines has the absolute figure).
    expect(secondCreationMs).toBeLessThan(firstCreationMs / 2);
    // A new engine (a restarted platform) finds the template on disk instead of building another.
    const restarted = new LocalEngine(dataDir);
    try {
      const third = await restarted.createProject(randomRef(), { dbPassword: PASSWORD });
      const db = await restarted.project(third);
      // The copy carries the template's bootstrap: nothing ran it again.
      expect((await db.query(`select current_user as me, to_regclass('auth.users') is not null as bootstrapped`)).rows).toEqual([{ me: 'postgres', bootstrapped: true }]);
      await restarted.dropProject(third);
    } finally {
      await restarted.close();
    }
    expect(await readdir(join(dataDir, 'templates'))).toEqual(templatesAfterFirst);
    expect(markerOf(templatesAfterFirst[0])).toBe(marker);
  });

  it('runs with pg_stat_statements loaded, logical WAL and JSON server logs in the project directory', async () => {
    const db = await engine.project(a);
    expect((await db.query<{ shared_preload_libraries: string }>('show shared_preload_libraries')).rows[0].shared_preload_libraries).toContain('pg_stat_statements');
    await db.query('select count(*) as stat_marker from pg_class');
    const stats = await db.query<{ calls: number }>(`select calls from extensions.pg_stat_statements where query like '%stat_marker%' and query not like '%pg_stat_statements%'`);
    expect(stats.rows[0]?.calls).toBeGreaterThanOrEqual(1);
    expect((await db.query('show wal_level')).rows).toEqual([{ wal_level: 'logical' }]);

    const marker = `log_marker_${randomRef()}`;
    expect(await errorOf(db.query(`select 1 / 0 as ${marker}`))).toMatchObject({ code: '22012' });
    const logDir = join(dataDir, 'projects', a.ref, 'db', 'log');
    const entry = await waitFor('the error in the JSON server log', async () => {
      const files = (await readdir(logDir)).filter((name) => name.endsWith('.json'));
      const lines = (await Promise.all(files.map((name) => readFile(join(logDir, name), 'utf8')))).join('').split('\n').filter(Boolean);
      return lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((e) => String(e.statement ?? '').includes(marker));
    }, 15_000);
    expect(entry).toMatchObject({ error_severity: 'ERROR', state_code: '22012', message: 'division by zero', user: 'postgres' });
  });

  it('the server enforces statement time-outs: 2 minutes by default for sessions not the platform\'s, or their own', async () => {
    const outside = await socketClient(engine, a, 'authenticator');
    try {
      expect((await outside.query('show statement_timeout')).rows).toEqual([{ statement_timeout: '2min' }]);
      await outside.query(`set statement_timeout = '200ms'`);
      const started = performance.now();
      expect(await errorOf(outside.query('select pg_sleep(10)'))).toMatchObject({ code: '57014' });
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await outside.end();
    }
    const limited = (await engine.project(a)).transaction(async (tx) => {
      await tx.exec(`set local statement_timeout = '200ms'`);
      await tx.query('select pg_sleep(2)');
    });
    expect(await errorOf(limited)).toMatchObject({ code: '57014' });
  });

  it("the platform's own connections run without the cluster's time-outs (the SQL editor allows up to 10 minutes)", async () => {
    const db = await engine.project(a);
    const { rows } = await db.query(`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`);
    expect(rows).toEqual([{ statement: '0', idle: '0' }]);
  });

  it("interrupt() cancels the platform's running statements within moments, and nobody else's", async () => {
    const db = await engine.project(a);
    const outside = await socketClient(engine, a, 'authenticator');
    try {
      const theirs = outside.query('select pg_sleep(1.5) as theirs');
      const ours = errorOf(db.query('select pg_sleep(30)'));
      await waitFor('both sleeps to run', async () => {
        const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where state = 'active' and query like 'select pg_sleep(%'`);
        return rows[0].n === 2 ? true : undefined;
      });
      const started = performance.now();
      await engine.interrupt(a);
      expect(await ours).toMatchObject({ code: '57014' });
      const cancelMs = performance.now() - started;
      console.log(`local engine: interrupt() cancelled a running statement in ${Math.round(cancelMs)} ms`);
      expect(cancelMs).toBeLessThan(3000);
      expect((await theirs).rows).toEqual([{ theirs: '' }]);
    } finally {
      await outside.end();
    }
  });

  it('a postmaster killed with SIGKILL is started again, and nothing committed is lost', async () => {
    const db = await engine.project(a);
    await db.exec(`create table public.survivors (v text); insert into public.survivors values ('committed before the crash')`);
    const killed = engine.postmasterPid(a)!;
    expect(killed).toBeGreaterThan(0);
    process.kill(killed, 'SIGKILL');
    const restarted = await waitFor('a new postmaster', () => {
      const pid = engine.postmasterPid(a);
      return pid !== null && pid !== killed ? pid : undefined;
    }, 60_000);
    const rows = await waitFor('queries through the same handle', async () => (await db.query('select v from public.survivors')).rows, 60_000);
    expect(rows).toEqual([{ v: 'committed before the crash' }]);
    expect(isRunningProcess(killed)).toBe(false);
    expect(engine.postmasterPid(a)).toBe(restarted);
    expect(logged.some((message) => message.includes('exited unasked'))).toBe(true);
  });

  it('a crashed cluster is not started again once a stop is asked for during its restart\'s back-off', async () => {
    const db = await engine.project(a);
    const killed = engine.postmasterPid(a)!;
    const heard = logged.length;
    process.kill(killed, 'SIGKILL');
    await waitFor('the crash to be noticed', () => (logged.slice(heard).some((message) => message.includes('exited unasked')) ? true : undefined), 60_000);
    // The stop a hold makes before it replaces the cluster's files (an upgrade, a recovery).
    await engine.scaleToZero(a);
    // The restart would come 100 ms after the crash: a second is ten times its back-off.
    await sleep(1000);
    expect(engine.isRunning(a)).toBe(false);
    expect(postgresProcessesUnder(join(dataDir, 'projects', a.ref)).filter((p) => p.isPostmaster)).toEqual([]);
    expect(logged.slice(heard).filter((message) => message.includes('exited unasked'))).toHaveLength(1);
    // The next use starts it as usual.
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('scale to zero: the stopped cluster stays live, and the next query wakes it', async () => {
    const db = await engine.project(b);
    await db.exec(`create table public.sleeper (v text); insert into public.sleeper values ('still here')`);
    const pid = engine.postmasterPid(b)!;
    await engine.scaleToZero(b);
    expect(engine.isRunning(b)).toBe(false);
    expect(isRunningProcess(pid)).toBe(false);
    expect(existsSync(join(dataDir, 'projects', b.ref, 'db', 'postmaster.pid'))).toBe(false);
    // Liveness does not undo scale to zero.
    expect(await engine.isLive(b)).toBe(true);
    expect(engine.isRunning(b)).toBe(false);
    const started = performance.now();
    const { rows } = await db.query('select v from public.sleeper');
    const wakeMs = performance.now() - started;
    console.log(`local engine: wake from scale to zero (start + first query) ${Math.round(wakeMs)} ms`);
    expect(rows).toEqual([{ v: 'still here' }]);
    expect(engine.isRunning(b)).toBe(true);
    expect(wakeMs).toBeLessThan(5000);
  });

  it('stops an unused cluster by itself after idleStopMs, but never under a statement in flight', async () => {
    const idle = new LocalEngine(dataDir, { idleStopMs: 300 });
    try {
      const location = await idle.createProject(randomRef(), { dbPassword: PASSWORD });
      const db = await idle.project(location);
      await waitFor('the idle cluster to stop', () => (idle.isRunning(location) ? undefined : true), 15_000);
      expect(await idle.isLive(location)).toBe(true);
      // A statement longer than idleStopMs: the timer checks several times while it runs.
      const slept = db.query('select pg_sleep(1) as slept');
      const pid = await waitFor('the cluster to wake', () => idle.postmasterPid(location) ?? undefined, 15_000);
      expect((await slept).rows).toEqual([{ slept: '' }]);
      expect(idle.postmasterPid(location)).toBe(pid);
      await idle.dropProject(location);
    } finally {
      await idle.close();
    }
  });

  it("a project's SQL cannot reach the server's files, programs or superuser powers", async () => {
    const db = await engine.project(a);
    const refused = [
      `select pg_read_file('/etc/passwd')`,
      `select lo_import('/etc/passwd')`,
      `copy (select 1) to program 'id'`,
      `create extension dblink`,
      `create role intruder superuser`,
      `alter system set shared_preload_libraries = ''`,
    ];
    for (const sql of refused) expect(await errorOf(db.query(sql)), sql).toMatchObject({ code: '42501' });
  });

  it.skipIf(process.getuid?.() !== 0)("another OS user cannot reach a project's socket", async () => {
    const socket = join(engine.connectionInfo(b).host, `.s.PGSQL.${engine.connectionInfo(b).port}`);
    const probe = `require('node:net').connect(${JSON.stringify(socket)})
      .on('connect', () => { console.log('connected'); process.exit(0); })
      .on('error', (error) => { console.log(error.code); process.exit(0); })`;
    const asNobody = await execFileAsync('runuser', ['-u', 'nobody', '--', process.execPath, '-e', probe], { cwd: '/' });
    expect(asNobody.stdout.trim()).toBe('EACCES');
    // The same socket answers the platform's own user: it is who asks that is refused, not where.
    expect((await execFileAsync(process.execPath, ['-e', probe], { cwd: '/' })).stdout.trim()).toBe('connected');
  });

  it("each project's socket leads to its own cluster with only its own data", async () => {
    const inA = await socketClient(engine, a);
    const inB = await socketClient(engine, b);
    try {
      await inA.query('create table public.only_in_a (x int)');
      const present = `select to_regclass('public.only_in_a') is not null as present, current_setting('data_directory') as dir`;
      expect((await inA.query(present)).rows).toEqual([{ present: true, dir: join(dataDir, 'projects', a.ref, 'db') }]);
      expect((await inB.query(present)).rows).toEqual([{ present: false, dir: join(dataDir, 'projects', b.ref, 'db') }]);
    } finally {
      await inA.end();
      await inB.end();
    }
  });

  it('pausing stops the cluster and makes it not live; project() starts it again', async () => {
    const pid = engine.postmasterPid(b)!;
    await engine.closeProject(b);
    expect(engine.isRunning(b)).toBe(false);
    expect(isRunningProcess(pid)).toBe(false);
    expect(await engine.isLive(b)).toBe(false);
    expect(engine.isRunning(b)).toBe(false);
    const db = await engine.project(b);
    expect(engine.isRunning(b)).toBe(true);
    expect(await engine.isLive(b)).toBe(true);
    expect((await db.query('select v from public.sleeper')).rows).toEqual([{ v: 'still here' }]);
  });

  it('reports the PostgreSQL version the cluster runs', async () => {
    const version = await engine.postgresVersion(a);
    expect(version).toMatch(new RegExp(`^${major}\\.\\d+$`));
    const { rows } = await (await engine.project(a)).query<{ server_version: string }>('show server_version');
    expect(rows[0].server_version.split(/[ .]/).slice(0, 2).join('.')).toBe(version);
  });

  it('runs a PostgreSQL 17 project beside an 18 one, in one engine directory', async () => {
    const seventeen = new LocalEngine(dataDir, { postgresMajor: 17 });
    let old: ProjectLocation;
    try {
      old = await seventeen.createProject(randomRef(), { dbPassword: PASSWORD });
      created.push(old);
    } finally {
      await seventeen.close();
    }
    expect((await readdir(join(dataDir, 'templates'))).filter((name) => name.startsWith('local-17-'))).toHaveLength(1);
    // The main engine opens it with the binaries of the major the cluster was made with.
    const versionNum = `select current_setting('server_version_num') as num, current_setting('server_version') as version`;
    const onOld = (await (await engine.project(old)).query<{ num: string; version: string }>(versionNum)).rows[0];
    const onNew = (await (await engine.project(a)).query<{ num: string; version: string }>(versionNum)).rows[0];
    expect(onOld.num.startsWith('17')).toBe(true);
    expect(onNew.num.startsWith(String(major))).toBe(true);
    expect(engine.isRunning(old) && engine.isRunning(a)).toBe(true);
    expect(await engine.postgresVersion(old)).toBe(onOld.version.split(/[ .]/).slice(0, 2).join('.'));
  });
});

/**
 * A platform process that is killed leaves its postmasters running (they are detached). Another
 * process is run here as that platform and killed with SIGKILL, so its clusters really are orphans.
 */
const ORPHAN_MAKER = `
import { LocalEngine } from ${JSON.stringify(ENGINE_MODULE)};
const engine = new LocalEngine(process.env.DATA_DIR);
const pids = {};
for (const ref of process.env.REFS.split(',')) {
  const location = await engine.createProject(ref, { dbPassword: 'pw' });
  await (await engine.project(location)).exec("create table public.kept (v text); insert into public.kept values ('committed before the kill')");
  pids[ref] = engine.postmasterPid(location);
}
console.log(JSON.stringify(pids));
setInterval(() => {}, 1000);
`;

async function runAndKillPlatform(dataDir: string, refs: string[]): Promise<Record<string, number>> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', ORPHAN_MAKER], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, REFS: refs.join(',') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const pids = await new Promise<Record<string, number>>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Record<string, number>);
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    void exited.then(() => reject(new Error(`the platform process exited early:\n${output}`)));
  });
  child.kill('SIGKILL');
  await exited;
  return pids;
}

describe('local engine: clusters a killed platform left running', () => {
  let dataDir: string;
  let cleanupDir: () => Promise<void>;
  let engine: LocalEngine | undefined;

  beforeAll(async () => {
    ({ dir: dataDir, cleanup: cleanupDir } = await tempDataDir());
  });

  afterAll(async () => {
    await engine?.close();
    const left = await postgresProcessesLeftUnder(dataDir);
    await killPostgresUnder(dataDir);
    await cleanupDir();
    expect(left, 'PostgreSQL processes left after close()').toEqual([]);
  });

  it('opening a project stops its orphan first; prepare() stops the orphans of the others', { timeout: 120_000 }, async () => {
    const [opened, untouched] = [randomRef(), randomRef()];
    const orphans = await runAndKillPlatform(dataDir, [opened, untouched]);
    expect(isRunningProcess(orphans[opened]) && isRunningProcess(orphans[untouched])).toBe(true);

    engine = new LocalEngine(dataDir);
    const first = { ref: opened, server: null };
    const second = { ref: untouched, server: null };
    const started = performance.now();
    const db = await engine.project(first);
    console.log(`local engine: project() that stops an orphan and starts its own cluster ${Math.round(performance.now() - started)} ms`);
    expect(isRunningProcess(orphans[opened])).toBe(false);
    const adopted = engine.postmasterPid(first)!;
    expect(adopted).not.toBe(orphans[opened]);
    expect((await db.query('select v from public.kept')).rows).toEqual([{ v: 'committed before the kill' }]);
    // Only what it opens: the other project's orphan still runs until prepare().
    expect(isRunningProcess(orphans[untouched])).toBe(true);

    await engine.prepare();
    expect(isRunningProcess(orphans[untouched])).toBe(false);
    expect(engine.isRunning(second)).toBe(false);
    expect(engine.postmasterPid(first)).toBe(adopted);
    expect((await (await engine.project(second)).query('select v from public.kept')).rows).toEqual([{ v: 'committed before the kill' }]);
    // A backend forked a moment ago still shows its postmaster's command line until it sets its own title.
    const deadline = Date.now() + 5000;
    while ([...postmastersPerDataDir(dataDir).values()].some((count) => count !== 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...postmastersPerDataDir(dataDir).values()]).toEqual([1, 1]);
  });
});
