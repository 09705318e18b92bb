/**
 * The day partitions of the log sources (migration 0019): each source is range-partitioned by
 * `timestamp`, one partition per UTC day named <source>_pYYYYMMDD, plus <source>_default for rows no
 * day partition covers. Run by the hourly logs-retention job (log-retention.ts), before its row
 * deletes:
 * - makes the partitions of yesterday, today and the next DAYS_AHEAD days, so writes land in a day
 *   partition even if the job then misses a few runs (and in the default partition, never an error,
 *   if it misses more);
 * - drops whole partitions whose day ended more than the longest retention (90 days) plus a day
 *   ago, instead of deleting their rows one by one.
 *
 * A partition is made as a plain table and then attached: ATTACH takes a SHARE UPDATE EXCLUSIVE lock
 * on the source, which neither the log writer's inserts nor running log queries conflict with,
 * where CREATE TABLE ... PARTITION OF would take an ACCESS EXCLUSIVE one. Rows of that day already in
 * the default partition (the job did not run for a while) move into the new partition in the same
 * transaction; otherwise attaching would fail on them. Dropping a partition needs an ACCESS
 * EXCLUSIVE lock on the source whatever the form (DETACH CONCURRENTLY is not allowed beside a
 * default partition), so it waits at most LOCK_TIMEOUT behind a running query, and is otherwise left
 * to the next hour. Every node may run this at once (the job runs once an hour, but starts race):
 * a transaction-level advisory lock per source serialises them, and each step checks what is
 * already there, so a second run does nothing.
 */
import { LOG_RETENTION_DAYS } from '@plinth/api-contract';
import { LOG_SOURCES, type LogSource } from '../data-plane/logs/sources.ts';
import type { Database, Queryable } from '../engines/types.ts';

/** Day partitions made ahead of today. */
export const DAYS_AHEAD = 3;
/** Days after its end that a day partition is dropped: the longest plan retention, and a day's margin. */
export const KEEP_DAYS = Math.max(...Object.values(LOG_RETENTION_DAYS)) + 1;
/** How long a step waits for a table lock before leaving the partition to the next run. */
const LOCK_TIMEOUT = '2s';
/** Postgres's lock_not_available: the lock time-out above. */
const LOCK_NOT_AVAILABLE = '55P03';
/** Advisory lock namespace (the first key) for partition maintenance; the second key is the source's index. */
const ADVISORY_LOCK_CLASS = 0x6c6f6773; // 'logs'
const DAY_MS = 86_400_000;

export interface PartitionOutcome {
  /** Partitions made (with any rows moved out of the default partition). */
  created: string[];
  /** Partitions dropped, with all their rows. */
  dropped: string[];
  /** Partitions left for the next run because a lock was not granted in time. */
  deferred: string[];
}

/** The day partition's name: <source>_pYYYYMMDD for the UTC day starting at `dayStartMs`. */
export function partitionName(source: LogSource, dayStartMs: number): string {
  return `${source}_p${new Date(dayStartMs).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The UTC day a partition name stands for (ms at its start), or null for the default partition. */
function partitionDay(source: LogSource, name: string): number | null {
  const match = new RegExp(`^${source}_p(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

export async function maintainLogPartitions(db: Database, now = new Date()): Promise<PartitionOutcome> {
  const outcome: PartitionOutcome = { created: [], dropped: [], deferred: [] };
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  for (const source of LOG_SOURCES) {
    const existing = await partitionsOf(db, source);
    for (let day = today - DAY_MS; day <= today + DAYS_AHEAD * DAY_MS; day += DAY_MS) {
      const name = partitionName(source, day);
      if (existing.has(name)) continue;
      if (await step(outcome, name, () => createPartition(db, source, name, day))) outcome.created.push(name);
    }
    for (const name of existing) {
      const day = partitionDay(source, name);
      if (day === null || day + DAY_MS > today - KEEP_DAYS * DAY_MS) continue;
      if (await step(outcome, name, () => dropPartition(db, source, name))) outcome.dropped.push(name);
    }
  }
  return outcome;
}

/** Runs one partition's step; false when another run did it first or it is deferred for a lock. */
async function step(outcome: PartitionOutcome, name: string, run: () => Promise<boolean>): Promise<boolean> {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw error;
    outcome.deferred.push(name);
    return false;
  }
}

/** The partitions attached to `source` now, by name (oldest day first). */
async function partitionsOf(db: Queryable, source: LogSource): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_catalog.pg_inherits i join pg_catalog.pg_class c on c.oid = i.inhrelid
     where i.inhparent = $1::regclass order by 1`,
    [quote(source)],
  );
  return new Set(rows.map((row) => row.name));
}

/** One maintenance transaction on `source`: the lock time-out, and the advisory lock other nodes wait on. */
function onSource<T>(db: Database, source: LogSource, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_catalog.set_config('lock_timeout', $1, true)`, [LOCK_TIMEOUT]);
    await tx.query('select pg_catalog.pg_advisory_xact_lock($1, $2)', [ADVISORY_LOCK_CLASS, LOG_SOURCES.indexOf(source)]);
    return fn(tx);
  });
}

/**
 * Makes `name` the partition of `source` for the day from `day`, moving that day's rows out of the
 * default partition. Locking the default partition first keeps new rows from landing there between
 * the move and the attach (which scans it under the same lock).
 */
function createPartition(db: Database, source: LogSource, name: string, day: number): Promise<boolean> {
  const from = new Date(day).toISOString();
  const to = new Date(day + DAY_MS).toISOString();
  const [table, defaultPartition] = [quote(source), quote(`${source}_default`)];
  return onSource(db, source, async (tx) => {
    if ((await partitionsOf(tx, source)).has(name)) return false; // another node made it meanwhile
    await tx.query(`lock table ${defaultPartition} in access exclusive mode`);
    await tx.query(`create table ${quote(name)} (like ${table} including defaults)`);
    await tx.query(
      `with moved as (delete from ${defaultPartition} where timestamp >= $1::timestamptz and timestamp < $2::timestamptz
         returning id, timestamp, project_ref, event_message, metadata)
       insert into ${quote(name)} (id, timestamp, project_ref, event_message, metadata) select * from moved`,
      [from, to],
    );
    // Bounds are literals (ATTACH takes no parameters), from toISOString: digits, '-', ':', 'T', '.', 'Z'.
    await tx.query(`alter table ${table} attach partition ${quote(name)} for values from ('${from}') to ('${to}')`);
    return true;
  });
}

function dropPartition(db: Database, source: LogSource, name: string): Promise<boolean> {
  return onSource(db, source, async (tx) => {
    if (!(await partitionsOf(tx, source)).has(name)) return false;
    await tx.query(`drop table ${quote(name)}`);
    return true;
  });
}

/** Names here are LOG_SOURCES and names built from them: quoted all the same. */
const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
