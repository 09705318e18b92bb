/** What only the postgres engine has to get right: shared roles, owners, placement, platform DB. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, openPlatformDatabase, type Engine, type ProjectLocation } from '../../src/engines/index.ts';
import { PG_SERVER, randomRef, tempDataDir } from './helpers.ts';

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe('postgres engine', () => {
  let engine: Engine;
  let cleanup: () => Promise<void>;
  const created: ProjectLocation[] = [];

  beforeAll(async () => {
    const tmp = await tempDataDir();
    cleanup = tmp.cleanup;
    engine = createEngine({ engine: 'postgres', dataDir: tmp.dir, projectServers: [PG_SERVER], loginSecret: 'test-login-secret' });
  });

  afterAll(async () => {
    for (const loc of created) await engine.dropProject(loc).catch(() => {});
    await engine.close();
    await cleanup();
  });

  it('creates several projects concurrently on one server', async () => {
    const refs = [randomRef(), randomRef(), randomRef()];
    const results = await Promise.allSettled(refs.map((ref) => engine.createProject(ref, { dbPassword: `pw-${ref}` })));
    for (const r of results) if (r.status === 'fulfilled') created.push(r.value);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    for (const loc of created) expect(await engine.isLive(loc)).toBe(true);
  });

  it("runs the project's SQL as its owner, never as a superuser: no way out to the server or other projects", async () => {
    const [first, second] = created;
    const db = await engine.project(first);
    const who = await db.query<{ current_user: string; is_super: string }>(`select current_user, current_setting('is_superuser') as is_super`);
    expect(who.rows[0]).toEqual({ current_user: engine.connectionInfo(first).user, is_super: 'off' });
    // Objects made through the platform belong to the owner, like those the user makes directly.
    await db.exec('create table public.made_by_platform (id int)');
    const owner = await db.query<{ owner: string }>(`select tableowner as owner from pg_tables where tablename = 'made_by_platform'`);
    expect(owner.rows[0].owner).toBe(engine.connectionInfo(first).user);
    // The API roles are still reachable for the data plane...
    await db.transaction(async (tx) => {
      await tx.exec('set local role authenticated');
      expect((await tx.query<{ r: string }>('select current_user as r')).rows[0].r).toBe('authenticated');
    });
    // ...but the server is not.
    for (const escape of [
      `copy (select 1) to program 'true'`,
      `select pg_read_file('/etc/hostname')`,
      `set role postgres`,
      `create role sneaky superuser`,
    ]) {
      await expect(db.query(escape), escape).rejects.toMatchObject({ code: expect.stringMatching(/^42501$|^22023$/) });
    }
    // Another project's database refuses this project's login.
    const url = new URL(PG_SERVER);
    url.pathname = `/${engine.connectionInfo(second).database}`;
    const platformLogin = new URL((db as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString);
    url.username = platformLogin.username;
    url.password = platformLogin.password;
    const intruder = new pg.Client({ connectionString: url.toString() });
    await expect(intruder.connect()).rejects.toThrow(/permission denied|not permitted/);
  });

  it('gives each project a LOGIN owner role with the given password, and keeps other owners out', async () => {
    const password = `it's a \\ tricky one`;
    const loc = await engine.createProject(randomRef(), { dbPassword: password });
    created.push(loc);
    const info = engine.connectionInfo(loc);
    const role = await admin((c) => c.query(
      `select r.rolcanlogin, r.rolpassword is not null as has_password, d.datname
         from pg_authid r join pg_database d on d.datdba = r.oid where r.rolname = $1`, [info.user]));
    expect(role.rows).toEqual([{ rolcanlogin: true, has_password: true, datname: info.database }]);
    // The stored SCRAM secret verifies against exactly the password given (quoting kept it intact).
    const url = new URL(PG_SERVER);
    url.username = info.user;
    url.password = password;
    url.pathname = `/${info.database}`;
    const owner = new pg.Client({ connectionString: url.toString() });
    await owner.connect();
    try {
      await owner.query('create table public.mine (id int)');
      // Default privileges set for the owner: the API roles get their Supabase grants.
      const grants = await owner.query(`select has_table_privilege('authenticated', 'public.mine', 'select') as ok`);
      expect(grants.rows).toEqual([{ ok: true }]);
      await owner.query('set role authenticated');
    } finally {
      await owner.end();
    }
    // Databases are not open to PUBLIC: another project's owner cannot connect.
    const other = created[0];
    const canConnect = await admin((c) => c.query(`select has_database_privilege($1, $2, 'connect') as ok`,
      [`project_${other.ref}_owner`, info.database]));
    expect(canConnect.rows).toEqual([{ ok: false }]);
  });

  it('skips an unreachable server when placing a project', async () => {
    const twoServers = createEngine({ engine: 'postgres', dataDir: '/unused', projectServers: ['postgres://postgres@127.0.0.1:1/postgres', PG_SERVER], loginSecret: 'test-login-secret' });
    try {
      // The first server is unreachable: placement skips it rather than failing.
      const loc = await twoServers.createProject(randomRef(), { dbPassword: 'pw' });
      expect(loc.server).toBe(PG_SERVER);
      await twoServers.dropProject(loc);
    } finally {
      await twoServers.close();
    }
  });

  it('refuses to create a project that already exists, without touching it', async () => {
    const loc = created[0];
    await (await engine.project(loc)).exec(`create table public.precious (v int); insert into public.precious values (7)`);
    await expect(engine.createProject(loc.ref, { dbPassword: 'other' })).rejects.toThrow(/already exists/);
    expect((await (await engine.project(loc)).query('select v from public.precious')).rows).toEqual([{ v: 7 }]);
  });

  it('drops a database even while other sessions are connected to it', async () => {
    const loc = await engine.createProject(randomRef(), { dbPassword: 'pw' });
    const url = new URL(PG_SERVER);
    url.pathname = `/project_${loc.ref}`;
    const lingering = new pg.Client({ connectionString: url.toString() });
    lingering.on('error', () => {}); // it is about to be terminated
    await lingering.connect();
    await engine.dropProject(loc);
    const left = await admin((c) => c.query('select 1 from pg_database where datname = $1', [`project_${loc.ref}`]));
    expect(left.rowCount).toBe(0);
    await lingering.end().catch(() => {});
  });

  it('opens the platform database, creating it when missing', async () => {
    const name = `plinth_test_${randomRef()}`;
    const url = new URL(PG_SERVER);
    url.pathname = `/${name}`;
    try {
      const db = await openPlatformDatabase({ engine: 'postgres', dataDir: '/unused', databaseUrl: url.toString() });
      expect((await db.query('select current_database() as name')).rows).toEqual([{ name }]);
      await db.close();
      // Second open finds it and creates nothing.
      const again = await openPlatformDatabase({ engine: 'postgres', dataDir: '/unused', databaseUrl: url.toString() });
      await again.close();
    } finally {
      await admin((c) => c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`));
    }
  });
});
