/**
 * The Engine contract, run identically on every engine: whatever the platform relies on must hold
 * on local clusters, PGlite workers and a shared Postgres server alike.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DatabaseError, type Engine, type ProjectLocation } from '../../src/engines/index.ts';
import { PG_SERVER, randomRef, tempDataDir } from './helpers.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

async function expectDatabaseError(promise: Promise<unknown>): Promise<DatabaseError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(DatabaseError);
  return err as DatabaseError;
}

describe.each(['local', 'embedded', 'postgres'] as const)('%s engine', (engineName) => {
  let engine: Engine;
  let dataDir: string;
  let cleanupDir: () => Promise<void>;
  let location: ProjectLocation;
  const created: ProjectLocation[] = [];

  beforeAll(async () => {
    ({ dir: dataDir, cleanup: cleanupDir } = await tempDataDir());
    engine = createEngine({ engine: engineName, dataDir, projectServers: [PG_SERVER], loginSecret: 'test-login-secret' });
    location = await engine.createProject(randomRef(), { dbPassword: 'correct horse battery' });
    created.push(location);
  });

  afterAll(async () => {
    for (const loc of created) await engine.dropProject(loc).catch(() => {});
    await engine.close();
    await cleanupDir();
  });

  it('creates a project that answers queries', async () => {
    expect(location.server).toBe(engineName === 'postgres' ? PG_SERVER : null);
    expect(await engine.isLive(location)).toBe(true);
    const db = await engine.project(location);
    const { rows, fields } = await db.query<{ n: number; label: string }>('select $1::int + 1 as n, $2::text as label', [41, 'hi']);
    expect(rows).toEqual([{ n: 42, label: 'hi' }]);
    expect(fields.map((f) => f.name)).toEqual(['n', 'label']);
  });

  it('reports affected rows and gives both engines the same JS types', async () => {
    const db = await engine.project(location);
    await db.exec('create table public.kinds (id int primary key, d date); insert into public.kinds values (1, null)');
    const insert = await db.query('insert into public.kinds values (2, $1), (3, $1)', ['2024-02-29']);
    expect(insert.affectedRows).toBe(2);
    const select = await db.query<{ c: number; d: Date }>('select count(*) as c, max(d) as d from public.kinds');
    expect(select.affectedRows).toBe(0);
    expect(select.rows[0].c).toBe(3); // int8 as a number, not pg's default string
    expect(select.rows[0].d.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('bootstraps roles, schemas, helpers and the migrations table', async () => {
    const db = await engine.project(location);
    const roles = await db.query<{ rolname: string; rolbypassrls: boolean; rolinherit: boolean; rolcanlogin: boolean }>(
      `select rolname, rolbypassrls, rolinherit, rolcanlogin from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(roles.rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'authenticator', 'service_role']);
    const byName = Object.fromEntries(roles.rows.map((r) => [r.rolname, r]));
    expect(byName.service_role.rolbypassrls).toBe(true);
    expect(byName.anon.rolbypassrls).toBe(false);
    expect(byName.authenticator.rolinherit).toBe(false);
    expect(byName.authenticator.rolcanlogin).toBe(engineName !== 'embedded');
    const members = await db.query<{ role: string }>(
      `select r.rolname as role from pg_auth_members m join pg_roles r on r.oid = m.roleid
        join pg_roles u on u.oid = m.member where u.rolname = 'authenticator' order by 1`,
    );
    expect(members.rows.map((m) => m.role)).toEqual(['anon', 'authenticated', 'service_role']);

    const schemas = await db.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname in
        ('auth', 'storage', 'extensions', 'realtime', 'supabase_migrations', 'graphql_public') order by 1`,
    );
    expect(schemas.rows).toHaveLength(6);

    await db.query(`insert into supabase_migrations.schema_migrations (version, statements, name) values ('20240101000000', $1, 'init')`, [['select 1']]);
    const migrations = await db.query('select version, statements, name from supabase_migrations.schema_migrations');
    expect(migrations.rows).toEqual([{ version: '20240101000000', statements: ['select 1'], name: 'init' }]);
    // The GoTrue schema of the data-plane auth module is applied too.
    expect((await db.query(`select to_regclass('auth.users') is not null as present`)).rows[0]).toEqual({ present: true });
  });

  it('auth.uid(), auth.role() and auth.jwt() read the request claims, with the legacy fallback', async () => {
    const db = await engine.project(location);
    const claims = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: ALICE, role: 'authenticated', email: 'a@example.com' })]);
      return (await tx.query('select auth.uid() as uid, auth.role() as role, auth.jwt() ->> $1 as email', ['email'])).rows[0];
    });
    expect(claims).toEqual({ uid: ALICE, role: 'authenticated', email: 'a@example.com' });
    const legacy = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claim.sub', $1, true), set_config('request.jwt.claim.role', 'anon', true)`, [BOB]);
      return (await tx.query('select auth.uid() as uid, auth.role() as role')).rows[0];
    });
    expect(legacy).toEqual({ uid: BOB, role: 'anon' });
    // Claims were transaction-local: gone afterwards.
    expect((await db.query('select auth.uid() as uid')).rows[0]).toEqual({ uid: null });
  });

  it('enforces RLS under SET LOCAL ROLE, with Supabase default privileges and no explicit grants', async () => {
    const db = await engine.project(location);
    await db.exec(`
      create table public.notes (id serial primary key, owner uuid not null, body text);
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for all to authenticated
        using (owner = auth.uid()) with check (owner = auth.uid());
    `);
    await db.query('insert into public.notes (owner, body) values ($1, $2), ($3, $4)', [ALICE, 'alice', BOB, 'bob']);
    const asRole = (role: string, sub: string | null, sql: string, params: unknown[] = []) =>
      db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub, role })]);
        await tx.exec(`set local role ${role}`);
        return tx.query<{ body: string }>(sql, params);
      });
    expect((await asRole('authenticated', ALICE, 'select body from public.notes')).rows).toEqual([{ body: 'alice' }]);
    expect((await asRole('anon', null, 'select body from public.notes')).rows).toEqual([]);
    expect((await asRole('service_role', null, 'select body from public.notes order by id')).rows).toHaveLength(2);
    const denied = await expectDatabaseError(asRole('authenticated', ALICE, 'insert into public.notes (owner, body) values ($1, $2)', [BOB, 'forged']));
    expect(denied.code).toBe('42501');
    // The sequence grant came from default privileges too: an allowed insert works.
    const ok = await asRole('authenticated', ALICE, 'insert into public.notes (owner, body) values ($1, $2) returning body', [ALICE, 'mine']);
    expect(ok.rows).toEqual([{ body: 'mine' }]);
  });

  it("bootstraps Supabase's storage schema", async () => {
    const db = await engine.project(location);
    const typeOf = async (table: string) => Object.fromEntries((await db.query<{ attname: string; type: string }>(
      `select attname, format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped`, [table])).rows.map((c) => [c.attname, c.type]));
    expect(await typeOf('storage.buckets')).toEqual({
      id: 'text', name: 'text', owner: 'uuid', owner_id: 'text', created_at: 'timestamp with time zone',
      updated_at: 'timestamp with time zone', public: 'boolean', avif_autodetection: 'boolean', file_size_limit: 'bigint',
      allowed_mime_types: 'text[]', type: 'storage.buckettype',
    });
    expect(await typeOf('storage.objects')).toEqual({
      id: 'uuid', bucket_id: 'text', name: 'text', owner: 'uuid', owner_id: 'text', created_at: 'timestamp with time zone',
      updated_at: 'timestamp with time zone', last_accessed_at: 'timestamp with time zone', metadata: 'jsonb',
      path_tokens: 'text[]', version: 'text', user_metadata: 'jsonb',
    });

    const helpers = await db.query(
      `select storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file, storage.extension('a/b/c.png') as ext,
              storage.foldername('top.txt') as top_folders, storage.extension('a/archive.tar.gz') as last_ext`,
    );
    expect(helpers.rows).toEqual([{ folders: ['a', 'b'], file: 'c.png', ext: 'png', top_folders: [], last_ext: 'gz' }]);

    // The owner writes storage policies, as people do in Supabase's SQL editor and policies page.
    await db.query(`insert into storage.buckets (id, name) values ('avatars', 'avatars')`);
    await db.query(`insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2), ('avatars', $3, $4)`,
      [`${ALICE}/me.png`, ALICE, `${BOB}/me.png`, BOB]);
    const inserted = await db.query<{ path_tokens: string[]; type: string }>(
      `select o.path_tokens, b.type::text as type from storage.objects o join storage.buckets b on b.id = o.bucket_id where o.owner_id = $1`, [ALICE]);
    expect(inserted.rows).toEqual([{ path_tokens: [ALICE, 'me.png'], type: 'STANDARD' }]);
    const duplicate = await expectDatabaseError(db.query(`insert into storage.objects (bucket_id, name) values ('avatars', $1)`, [`${ALICE}/me.png`]));
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'bucketid_objname' });

    const asRole = (role: string, sub: string | null, sql: string, params: unknown[] = []) =>
      db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub, role })]);
        await tx.exec(`set local role ${role}`);
        return tx.query<{ name: string }>(sql, params);
      });
    const names = 'select name from storage.objects order by name';
    // RLS on and no policy yet: nothing visible, nothing writable.
    expect((await asRole('authenticated', ALICE, names)).rows).toEqual([]);
    expect((await asRole('anon', null, 'select name from storage.buckets')).rows).toEqual([]);
    const refused = await expectDatabaseError(asRole('authenticated', ALICE,
      `insert into storage.objects (bucket_id, name) values ('avatars', $1)`, [`${ALICE}/new.png`]));
    expect(refused.code).toBe('42501');

    // Supabase's template "Give users access to own folder".
    await db.exec(`create policy "Give users access to own folder" on storage.objects for all to authenticated
      using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text)
      with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text)`);
    expect((await asRole('authenticated', ALICE, names)).rows).toEqual([{ name: `${ALICE}/me.png` }]);
    expect((await asRole('authenticated', BOB, names)).rows).toEqual([{ name: `${BOB}/me.png` }]);
    const own = await asRole('authenticated', ALICE, `insert into storage.objects (bucket_id, name) values ('avatars', $1) returning name`, [`${ALICE}/new.png`]);
    expect(own.rows).toEqual([{ name: `${ALICE}/new.png` }]);
    const forged = await expectDatabaseError(asRole('authenticated', ALICE,
      `insert into storage.objects (bucket_id, name) values ('avatars', $1)`, [`${BOB}/forged.png`]));
    expect(forged.code).toBe('42501');
    expect((await asRole('anon', null, names)).rows).toEqual([]);
    expect((await asRole('service_role', null, names)).rows.map((r) => r.name))
      .toEqual([`${ALICE}/me.png`, `${ALICE}/new.png`, `${BOB}/me.png`]);
  });

  it('rolls back a transaction when its function throws, and commits when it resolves', async () => {
    const db = await engine.project(location);
    await db.exec('create table public.ledger (n int)');
    await expect(db.transaction(async (tx) => {
      await tx.query('insert into public.ledger values (1)');
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    // A failing statement inside rolls back the earlier ones too.
    const err = await expectDatabaseError(db.transaction(async (tx) => {
      await tx.query('insert into public.ledger values (2)');
      await tx.query('insert into public.ledger values ($1)', ['not a number']);
    }));
    expect(err.code).toBe('22P02');
    // A statement error swallowed inside the function still fails the commit, on both engines.
    const swallowed = await expectDatabaseError(db.transaction(async (tx) => {
      await tx.query('insert into public.ledger values (4)');
      await tx.query('select 1 / 0').catch(() => {});
      return 'looks fine';
    }));
    expect(swallowed.code).toBe('25P02');
    await db.transaction(async (tx) => {
      await tx.query('insert into public.ledger values (3)');
    });
    expect((await db.query('select n from public.ledger')).rows).toEqual([{ n: 3 }]);
  });

  it('delivers NOTIFY to a listener at commit, in commit order, and nothing of a rollback', async () => {
    const db = await engine.project(location);
    const seen: string[] = [];
    const lost: Error[] = [];
    let arrived = () => {};
    const listener = await db.listen('contract_changes', (payload) => {
      seen.push(payload);
      if (seen.length === 3) arrived();
    }, (error) => lost.push(error));
    const allArrived = new Promise<void>((resolve) => { arrived = resolve; });
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('contract_changes', 'first')`);
      await tx.query(`select pg_notify('contract_changes', 'second')`);
    });
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('contract_changes', 'rolled back')`);
      throw new Error('roll back');
    }).catch(() => undefined);
    await db.query(`select pg_notify('contract_changes', $1)`, ['third']);
    await allArrived;
    expect(seen).toEqual(['first', 'second', 'third']);
    await listener.close();
    await db.query(`select pg_notify('contract_changes', 'after close')`);
    // A later listener on the same channel sees its own notifications only.
    const later: string[] = [];
    let laterArrived = () => {};
    const laterDone = new Promise<void>((resolve) => { laterArrived = resolve; });
    const second = await db.listen('contract_changes', (payload) => (later.push(payload), laterArrived()), () => undefined);
    await db.query(`select pg_notify('contract_changes', 'again')`);
    await laterDone;
    await second.close();
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(later).toEqual(['again']);
    expect(lost).toEqual([]);
  });

  it('surfaces Postgres errors as DatabaseError with SQLSTATE and fields', async () => {
    const db = await engine.project(location);
    const missing = await expectDatabaseError(db.query('select * from public.no_such_table'));
    expect(missing.code).toBe('42P01');
    expect(missing.message).toBe('relation "public.no_such_table" does not exist');
    expect(missing.position).toBe('15');
    expect('hint' in missing).toBe(false); // only the fields Postgres sent

    await db.exec('create table public.people (email text constraint people_email_key unique)');
    await db.query(`insert into public.people values ('a@example.com')`);
    const dup = await expectDatabaseError(db.query(`insert into public.people values ($1)`, ['a@example.com']));
    expect(dup).toMatchObject({
      code: '23505',
      constraint: 'people_email_key',
      table: 'people',
      schema: 'public',
      detail: 'Key (email)=(a@example.com) already exists.',
    });
    const syntax = await expectDatabaseError(db.exec('selec 1'));
    expect(syntax.code).toBe('42601');
  });

  it('dumps the project as a stream of plain SQL while it keeps answering queries', async () => {
    const db = await engine.project(location);
    await db.exec(`
      create table public.dumped_items (id int primary key, label text);
      insert into public.dumped_items values (1, 'first'), (2, 'it''s second');
      create sequence public.dumped_counter;
      select setval('public.dumped_counter', 7);
      alter table public.dumped_items enable row level security;
      create policy "readers see all" on public.dumped_items for select to authenticated using (true);
      create function public.dumped_total() returns bigint language sql stable as 'select count(*) from public.dumped_items';
    `);
    let dumpSettled = false;
    const dumping = text(engine.dumpStream(location, ['--schema=public'])).finally(() => { dumpSettled = true; });
    // The project answers while the dump runs, not after it.
    const during = await db.query<{ total: number }>('select public.dumped_total() as total');
    expect(during.rows).toEqual([{ total: 2 }]);
    expect(dumpSettled).toBe(false);
    const sql = await dumping;
    expect(sql).toContain('CREATE TABLE public.dumped_items (');
    expect(sql).toContain(`INSERT INTO public.dumped_items VALUES (1, 'first');`);
    expect(sql).toContain(`INSERT INTO public.dumped_items VALUES (2, 'it''s second');`);
    expect(sql).toContain('CREATE SEQUENCE public.dumped_counter');
    expect(sql).toContain(`SELECT pg_catalog.setval('public.dumped_counter', 7, true);`);
    expect(sql).toContain('ALTER TABLE public.dumped_items ENABLE ROW LEVEL SECURITY;');
    expect(sql).toContain('CREATE POLICY "readers see all" ON public.dumped_items FOR SELECT TO authenticated USING (true);');
    expect(sql).toContain('CREATE FUNCTION public.dumped_total() RETURNS bigint');
    // --schema=public: nothing of the platform's own schemas.
    expect(sql).not.toContain('auth.users');
    // The project is still whole and writable after the dump.
    await db.query(`insert into public.dumped_items values (3, 'third')`);
    expect((await db.query('select public.dumped_total() as total')).rows).toEqual([{ total: 3 }]);
  });

  it('keeps data across close and reopen', async () => {
    let db = await engine.project(location);
    await db.exec(`create table public.durable (v text); insert into public.durable values ('kept')`);
    await engine.closeProject(location);
    db = await engine.project(location);
    expect((await db.query('select v from public.durable')).rows).toEqual([{ v: 'kept' }]);
    // A brand-new engine on the same data (a restarted process) sees it too.
    await engine.close();
    engine = createEngine({ engine: engineName, dataDir, projectServers: [PG_SERVER], loginSecret: 'test-login-secret' });
    db = await engine.project(location);
    expect((await db.query('select v from public.durable')).rows).toEqual([{ v: 'kept' }]);
  });

  it('shares one opening between concurrent project() calls', async () => {
    await engine.closeProject(location);
    const [a, b] = await Promise.all([engine.project(location), engine.project(location)]);
    expect(a).toBe(b);
  });

  it('drops a project and everything of it', async () => {
    const doomed = await engine.createProject(randomRef(), { dbPassword: 'pw' });
    created.push(doomed);
    await (await engine.project(doomed)).exec('create table public.t (x int)');
    await engine.dropProject(doomed);
    if (engineName !== 'postgres') {
      expect(existsSync(join(dataDir, 'projects', doomed.ref))).toBe(false);
      await expect(engine.project(doomed)).rejects.toThrow();
    } else {
      const client = new pg.Client({ connectionString: PG_SERVER });
      await client.connect();
      try {
        const dbs = await client.query('select 1 from pg_database where datname = $1', [`project_${doomed.ref}`]);
        const roles = await client.query('select 1 from pg_roles where rolname = $1', [`project_${doomed.ref}_owner`]);
        expect(dbs.rowCount).toBe(0);
        expect(roles.rowCount).toBe(0);
      } finally {
        await client.end();
      }
    }
    expect(await engine.isLive(doomed)).toBe(false);
  });

  it('reports how to connect', () => {
    const info = engine.connectionInfo(location);
    if (engineName === 'embedded') {
      expect(info).toEqual({ host: 'embedded', port: 0, database: 'postgres', user: 'postgres' });
    } else if (engineName === 'local') {
      // The cluster's own socket directory, beside its data.
      expect(info).toEqual({ host: join(dataDir, 'projects', location.ref), port: 5432, database: 'postgres', user: 'postgres' });
    } else {
      expect(info).toEqual({ host: '127.0.0.1', port: 5432, database: `project_${location.ref}`, user: `project_${location.ref}_owner` });
    }
  });
});
