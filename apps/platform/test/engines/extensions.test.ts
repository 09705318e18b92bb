/**
 * Extensions on each engine: what a new project has enabled, what can be enabled, and that what was
 * enabled works — also after the project is closed and opened again (embedded: a new worker, which
 * must find the extension's files and load its library again).
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedEngine } from '../../src/engines/embedded/embedded-engine.ts';
import { createEngine, type Database, type Engine, type ProjectLocation } from '../../src/engines/index.ts';
import { PG_SERVER, randomRef, tempDataDir } from './helpers.ts';

async function names(db: Database, sql: string): Promise<string[]> {
  return (await db.query<{ name: string }>(sql)).rows.map((row) => row.name);
}

/** The plan of `sql`, one line per row, with sequential scans off so an index is used if it can be. */
async function planOf(db: Database, sql: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/** Every bundle of the installed PGlite: a file name is the extension's (or its library's) name. */
function pgliteBundles(): string[] {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  return readdirSync(dist).filter((name) => name.endsWith('.tar.gz')).map((name) => name.replace(/\.tar\.gz$/, ''));
}

const DEFAULTS = ['pg_stat_statements', 'pgcrypto', 'uuid-ossp'];

describe('embedded engine extensions', () => {
  let engine: Engine;
  let cleanup: () => Promise<void>;
  let location: ProjectLocation;

  beforeAll(async () => {
    const tmp = await tempDataDir();
    cleanup = tmp.cleanup;
    engine = createEngine({ engine: 'embedded', dataDir: tmp.dir, projectServers: [] });
    location = await engine.createProject(randomRef(), { dbPassword: 'unused' });
  });

  afterAll(async () => {
    await engine.close();
    await cleanup();
  });

  it("a new project has a Supabase project's default extensions, in the extensions schema", async () => {
    const db = await engine.project(location);
    const installed = await names(db, `select x.extname || ' in ' || n.nspname as name from pg_extension x join pg_namespace n on n.oid = x.extnamespace where x.extname <> 'plpgsql' order by 1`);
    expect(installed).toEqual(DEFAULTS.map((name) => `${name} in extensions`));
    // pg_stat_statements is preloaded, so its view answers (it fails when the library was not).
    await db.query('select 1 as stat_marker');
    const seen = await db.query<{ calls: string }>(`select calls::text from extensions.pg_stat_statements where query like '%stat_marker%' and query not like '%pg_stat_statements%'`);
    expect(seen.rows).toHaveLength(1);
    // Preloaded from the command line: the data directory's postgresql.conf keeps what initdb wrote
    // (PGlite's own preload option would have replaced the file, losing settings such as this one).
    expect((await db.query('show default_text_search_config')).rows).toEqual([{ default_text_search_config: 'pg_catalog.english' }]);
  });

  it('offers every extension the PGlite release and pgvector ship, and each one can be created', async () => {
    const db = await engine.project(location);
    const available = await names(db, 'select name from pg_available_extensions order by name');
    // A bundle is named after its extension, except the ones without a control file (loadable
    // modules such as auto_explain) and spi, which holds four extensions.
    const expected = [...pgliteBundles().filter((name) => !['auto_explain', 'passwordcheck', 'pg_overexplain', 'spi'].includes(name)), 'autoinc', 'insert_username', 'moddatetime', 'refint', 'vector', 'plpgsql'];
    expect(available).toEqual(expect.arrayContaining(expected));
    const uninstalled = await names(db, 'select name from pg_available_extensions where installed_version is null order by name');
    const failed: string[] = [];
    const rolledBack = new Error('rolled back');
    for (const name of uninstalled) {
      // Created and rolled back, so each one is tried alone.
      const outcome = await db.transaction(async (tx) => {
        await tx.query(`create extension "${name}" with schema extensions cascade`);
        throw rolledBack;
      }).catch((error: Error) => error);
      if (outcome !== rolledBack) failed.push(`${name}: ${(outcome as Error).message}`);
    }
    expect(failed).toEqual([]);
    expect(await names(db, `select extname as name from pg_extension where extname <> 'plpgsql' order by 1`)).toEqual(DEFAULTS);
  }, 120_000);

  async function useExtensions(db: Database): Promise<void> {
    const digest = await db.query<{ hex: string }>(`select encode(extensions.digest('abc', 'sha256'), 'hex') as hex`);
    expect(digest.rows[0].hex).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const hashed = await db.query<{ ok: boolean }>(`select extensions.crypt('secret', h) = h as ok from (select extensions.crypt('secret', extensions.gen_salt('bf', 4)) as h) s`);
    expect(hashed.rows[0].ok).toBe(true);
    const uuid = await db.query<{ id: string }>('select extensions.uuid_generate_v4()::text as id');
    expect(uuid.rows[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const similar = await db.query<{ name: string }>(`select name from public.cities where name operator(extensions.%) 'Amsterdm' order by extensions.similarity(name, 'Amsterdm') desc`);
    expect(similar.rows.map((row) => row.name)).toEqual(['Amsterdam']);
    expect(await planOf(db, `select name from public.cities where name operator(extensions.%) 'Amsterdm'`)).toContain('cities_name_trgm');

    const nearest = await db.query<{ name: string }>(`select name from public.cities order by position operator(extensions.<->) '[52.4,4.9]' limit 2`);
    expect(nearest.rows.map((row) => row.name)).toEqual(['Amsterdam', 'Rotterdam']);
    expect(await planOf(db, `select name from public.cities order by position operator(extensions.<->) '[52.4,4.9]' limit 2`)).toContain('cities_position_hnsw');

    const caseless = await db.query<{ name: string }>(`select name from public.cities where code = 'AMS'::extensions.citext`);
    expect(caseless.rows).toEqual([{ name: 'Amsterdam' }]);
    // Unqualified, as people write it: the database's search_path ends with extensions, as on Supabase.
    const unqualified = await db.query<{ name: string }>(`select name from cities where code = 'RTM' and similarity(name, 'Roterdam') > 0.3 and uuid_generate_v4() is not null`);
    expect(unqualified.rows).toEqual([{ name: 'Rotterdam' }]);
  }

  it('enables pgcrypto, uuid-ossp, pg_trgm, vector and citext, and uses them with their indexes', async () => {
    const db = await engine.project(location);
    await db.exec(`
      create extension pg_trgm with schema extensions;
      create extension vector with schema extensions;
      create extension citext with schema extensions;
      create table public.cities (id int generated always as identity primary key, name text not null, code extensions.citext, position extensions.vector(2));
      insert into public.cities (name, code, position) values ('Amsterdam', 'ams', '[52.37,4.90]'), ('Rotterdam', 'rtm', '[51.92,4.48]'), ('Berlin', 'ber', '[52.52,13.40]'), ('Madrid', 'mad', '[40.42,-3.70]');
      create index cities_name_trgm on public.cities using gin (name extensions.gin_trgm_ops);
      create index cities_position_hnsw on public.cities using hnsw (position extensions.vector_l2_ops);
    `);
    await useExtensions(db);
  });

  it('uses them again after the project is closed and reopened (a new worker loads them again)', async () => {
    const embedded = engine as EmbeddedEngine;
    const before = await embedded.currentWorker(location);
    await engine.closeProject(location);
    expect(embedded.isRunning(location)).toBe(false);
    // The project's handle outlives its worker (scale to zero): its next use opens a new one.
    const db = await engine.project(location);
    await useExtensions(db);
    const after = await embedded.currentWorker(location);
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it("uses them in a read snapshot (the SQL editor's reads), which is a worker of its own", async () => {
    const rows = await engine.readSnapshot(location, async (db) => {
      const { rows } = await db.query<{ name: string }>(`select name from public.cities order by position operator(extensions.<->) '[40,-4]' limit 1`);
      return rows;
    }, new AbortController().signal);
    expect(rows).toEqual([{ name: 'Madrid' }]);
  });
});

describe('local engine extensions', () => {
  let engine: Engine;
  let cleanup: () => Promise<void>;
  let location: ProjectLocation;

  beforeAll(async () => {
    const tmp = await tempDataDir();
    cleanup = tmp.cleanup;
    engine = createEngine({ engine: 'local', dataDir: tmp.dir, projectServers: [] });
    location = await engine.createProject(randomRef(), { dbPassword: 'correct horse battery' });
  });

  afterAll(async () => {
    await engine.dropProject(location).catch(() => undefined);
    await engine.close();
    await cleanup();
  });

  async function useExtensions(db: Database): Promise<void> {
    const digest = await db.query<{ hex: string }>(`select encode(extensions.digest('abc', 'sha1'), 'hex') as hex`);
    expect(digest.rows[0].hex).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    const hashed = await db.query<{ ok: boolean }>(`select extensions.crypt('secret', h) = h as ok from (select extensions.crypt('secret', extensions.gen_salt('bf', 4)) as h) s`);
    expect(hashed.rows[0].ok).toBe(true);
    const similar = await db.query<{ name: string }>(`select name from public.words where name operator(extensions.%) 'extenson'`);
    expect(similar.rows).toEqual([{ name: 'extension' }]);
    expect(await planOf(db, `select name from public.words where name operator(extensions.%) 'extenson'`)).toContain('words_name_trgm');
  }

  it("has the default extensions, and the project's owner (no superuser) enables pg_trgm and uses it with pgcrypto", async () => {
    const db = await engine.project(location);
    expect(await names(db, `select extname as name from pg_extension where extname <> 'plpgsql' order by 1`)).toEqual(DEFAULTS);
    expect((await db.query<{ current_user: string }>('select current_user')).rows[0].current_user).toBe('postgres');
    await db.exec(`
      create extension pg_trgm with schema extensions;
      create table public.words (name text);
      insert into public.words values ('extension'), ('engine'), ('project');
      create index words_name_trgm on public.words using gist (name extensions.gist_trgm_ops);
    `);
    await useExtensions(db);
  });

  it('uses them again after the cluster is stopped and started', async () => {
    await engine.closeProject(location);
    await useExtensions(await engine.project(location));
  });
});

describe('postgres engine extensions', () => {
  let engine: Engine;
  let cleanup: () => Promise<void>;
  let location: ProjectLocation;

  beforeAll(async () => {
    const tmp = await tempDataDir();
    cleanup = tmp.cleanup;
    engine = createEngine({ engine: 'postgres', dataDir: tmp.dir, projectServers: [PG_SERVER], loginSecret: 'test-login-secret' });
    location = await engine.createProject(randomRef(), { dbPassword: 'correct horse battery' });
  });

  afterAll(async () => {
    await engine.dropProject(location).catch(() => undefined);
    await engine.close();
    await cleanup();
  });

  it('has pgcrypto and uuid-ossp in extensions, and the server decides the rest', async () => {
    const db = await engine.project(location);
    const installed = await names(db, `select x.extname || ' in ' || n.nspname as name from pg_extension x join pg_namespace n on n.oid = x.extnamespace where x.extname not in ('plpgsql', 'pg_stat_statements') order by 1`);
    expect(installed).toEqual(['pgcrypto in extensions', 'uuid-ossp in extensions']);
  });

  // .ci/run installs PostGIS for the server where Debian has it; a server without it skips this.
  // PostGIS is not a trusted extension, so the project's owner (no superuser) cannot create it; the
  // server's operator does, and from then on the project uses it as any other.
  it("uses PostGIS once the server's superuser has created it in the project's database", async (context) => {
    const db = await engine.project(location);
    const { rows } = await db.query(`select 1 from pg_available_extensions where name = 'postgis'`);
    if (rows.length === 0) context.skip();
    await expect(db.query('create extension postgis with schema extensions')).rejects.toMatchObject({ code: '42501' });
    const url = new URL(PG_SERVER);
    url.pathname = `/project_${location.ref}`;
    const superuser = new pg.Client({ connectionString: url.toString() });
    await superuser.connect();
    try {
      await superuser.query('create extension postgis with schema extensions');
    } finally {
      await superuser.end();
    }
    const distance = await db.query<{ km: string }>(
      `select round((st_distance('SRID=4326;POINT(4.90 52.37)'::geography, 'SRID=4326;POINT(13.40 52.52)'::geography) / 1000)::numeric)::text as km`,
    );
    expect(distance.rows[0].km).toBe('578');
  });
});
