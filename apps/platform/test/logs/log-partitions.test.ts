/**
 * The log sources' day partitions (migration 0019, control/log-partitions.ts) on both kinds of
 * platform database: the migration leaves every source partitioned by day with a default partition;
 * the maintenance makes the days ahead once however many nodes run it at once, moves a day's rows
 * out of the default partition when it makes that day, drops days past the longest retention with
 * their rows, and gives up on a lock rather than queueing the log writer behind it. Writes never
 * fail for want of a partition, and the per-project deletes still reach every partition.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAYS_AHEAD, KEEP_DAYS, maintainLogPartitions, partitionName } from '../../src/control/log-partitions.ts';
import { deleteExpiredLogs } from '../../src/control/log-retention.ts';
import { applyAuthSchema } from '../../src/data-plane/auth/schema.ts';
import { LOG_SOURCES } from '../../src/data-plane/logs/sources.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createPool, PgDatabase } from '../../src/engines/postgres/pg-database.ts';
import type { Database } from '../../src/engines/types.ts';
import { createMemoryDatabase } from '../auth/memory-database.ts';
import { TEST_POSTGRES_URL } from '../support/platform.ts';

const DAY_MS = 86_400_000;

/** A fresh migrated platform database of each kind, and how to remove it. */
const kinds = {
  PGlite: async () => {
    const db = await createMemoryDatabase();
    return { db, drop: () => db.close() };
  },
  Postgres: async () => {
    const name = `plinth_partitions_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const db = new PgDatabase(createPool(Object.assign(new URL(TEST_POSTGRES_URL), { pathname: `/${name}` }).toString(), 4));
    return {
      db,
      drop: async () => {
        await db.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  },
};

describe.each(Object.keys(kinds) as (keyof typeof kinds)[])('log partitions on %s', (kind) => {
  let db: Database;
  let drop: () => Promise<void>;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;

  const partitions = async (source: string) =>
    (await db.query<{ name: string }>(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = $1::regclass order by 1`, [source])).rows.map((r) => r.name);
  /** Writes one entry at `at` and says which partition holds it. */
  const insertAt = async (source: string, at: number, message = 'entry') =>
    (await db.query<{ partition: string }>(
      `insert into ${source} (id, timestamp, project_ref, event_message, metadata) values (gen_random_uuid(), $1, 'refxxxxxxxxxxxxxxxxx', $2, '{}')
       returning tableoid::regclass::text as partition`,
      [new Date(at).toISOString(), message],
    )).rows[0].partition;

  beforeAll(async () => {
    ({ db, drop } = await kinds[kind]());
    await applyAuthSchema(db);
    await migrate(db);
  });
  afterAll(async () => drop?.());

  it('leaves every source partitioned by day, from yesterday to the days ahead, with a default partition', async () => {
    const expected = Array.from({ length: DAYS_AHEAD + 2 }, (_, i) => today + (i - 1) * DAY_MS);
    for (const source of LOG_SOURCES) {
      expect(await partitions(source)).toEqual([...expected.map((day) => partitionName(source, day)), `${source}_default`].sort());
    }
    expect(await insertAt('edge_logs', Date.now())).toBe(partitionName('edge_logs', today));
  });

  it('never fails a write for want of a partition: the default partition takes it', async () => {
    expect(await insertAt('auth_logs', Date.UTC(2100, 0, 1))).toBe('auth_logs_default');
    expect(await insertAt('auth_logs', today - 200 * DAY_MS)).toBe('auth_logs_default');
  });

  it('makes the days ahead once, however many nodes run it at the same time', async () => {
    const later = new Date(Date.now() + 5 * DAY_MS);
    const runs = await Promise.all([maintainLogPartitions(db, later), maintainLogPartitions(db, later)]);
    const created = runs.flatMap((run) => run.created).sort();
    const newDays = [DAYS_AHEAD + 1, DAYS_AHEAD + 2, DAYS_AHEAD + 3, DAYS_AHEAD + 4, DAYS_AHEAD + 5].map((n) => today + n * DAY_MS);
    expect(created).toEqual(LOG_SOURCES.flatMap((source) => newDays.map((day) => partitionName(source, day))).sort());
    expect(await maintainLogPartitions(db, later)).toEqual({ created: [], dropped: [], deferred: [] });
    expect(await partitions('pgbouncer_logs')).toContain(partitionName('pgbouncer_logs', today + 8 * DAY_MS));
  });

  it("moves a day's entries out of the default partition when it makes that day", async () => {
    const day = today + 20 * DAY_MS;
    expect(await insertAt('storage_logs', day + 3600_000, 'early')).toBe('storage_logs_default');
    expect(await insertAt('storage_logs', day + DAY_MS - 1, 'late')).toBe('storage_logs_default');
    expect(await insertAt('storage_logs', day + DAY_MS, 'next day')).toBe('storage_logs_default');
    const { created } = await maintainLogPartitions(db, new Date(day - DAY_MS / 2));
    expect(created).toContain(partitionName('storage_logs', day));
    const { rows } = await db.query<{ event_message: string; partition: string }>(
      `select event_message, tableoid::regclass::text as partition from storage_logs where timestamp >= $1 order by timestamp`, [new Date(day).toISOString()]);
    expect(rows).toEqual([
      { event_message: 'early', partition: partitionName('storage_logs', day) },
      { event_message: 'late', partition: partitionName('storage_logs', day) },
      { event_message: 'next day', partition: partitionName('storage_logs', day + DAY_MS) },
    ]);
  });

  it('still deletes each project\'s expired entries, in day partitions and the default one', async () => {
    // No project row: kept as a Free project's, one day.
    await insertAt('realtime_logs', Date.now() - 3600_000, 'fresh');
    await insertAt('realtime_logs', Date.now() - 30 * 3600_000, 'yesterday');
    await insertAt('realtime_logs', Date.now() - 5 * DAY_MS, 'older');
    const { deleted } = await deleteExpiredLogs({ db });
    expect(deleted.realtime_logs).toBe(2);
    expect((await db.query(`select event_message from realtime_logs`)).rows).toEqual([{ event_message: 'fresh' }]);
  });

  it('drops the days past the longest retention with their entries, and keeps the rest', async () => {
    const entries = async () => Number((await db.query<{ n: number }>(`select count(*)::int as n from postgres_logs`)).rows[0].n);
    await insertAt('postgres_logs', Date.now());
    await insertAt('postgres_logs', today + DAY_MS + 1);
    expect(await entries()).toBe(2);
    // KEEP_DAYS after tomorrow began, today's partition is past keeping; tomorrow's is not.
    const { dropped } = await maintainLogPartitions(db, new Date(today + (KEEP_DAYS + 1) * DAY_MS));
    expect(dropped).toContain(partitionName('postgres_logs', today));
    expect(dropped).not.toContain(partitionName('postgres_logs', today + DAY_MS));
    expect(await partitions('postgres_logs')).toContain('postgres_logs_default');
    expect(await entries()).toBe(1);
  });

  it.runIf(kind === 'Postgres')('leaves a drop to the next run rather than wait behind a long query', async () => {
    const reader = new pg.Client({ connectionString: (db as PgDatabase).pool.options.connectionString });
    await reader.connect();
    try {
      await reader.query('begin');
      // A query over one day holds a lock on the source (and that day) until it ends.
      const day = today + DAYS_AHEAD * DAY_MS;
      await reader.query('select count(*) from function_logs where timestamp >= $1 and timestamp < $2', [new Date(day), new Date(day + DAY_MS)]);
      const started = Date.now();
      const { dropped, deferred } = await maintainLogPartitions(db, new Date(day + (KEEP_DAYS + 1) * DAY_MS));
      expect(Date.now() - started).toBeLessThan(10_000);
      // Dropping any partition of a source needs the lock the query's holds: all of its wait for the next run.
      expect(deferred).toEqual([1, 2, 3].map((n) => partitionName('function_logs', today + n * DAY_MS)));
      expect(dropped).toContain(partitionName('edge_logs', day));
      expect(await partitions('function_logs')).toContain(partitionName('function_logs', day));
    } finally {
      await reader.query('rollback');
      await reader.end();
    }
  });
});
