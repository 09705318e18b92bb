// The one log writer against a migrated platform database (in-memory PGlite): batches per source,
// bounded buffer, drops counted (buffer full, database down) and persisted, redaction on every entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAuthSchema } from '../../src/data-plane/auth/schema.ts';
import { LOG_SOURCES, LogWriter, type LogSource } from '../../src/data-plane/logs/index.ts';
import { timeOrderedId } from '../../src/data-plane/logs/log-writer.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Database, PreparedStatement } from '../../src/engines/types.ts';
import { createMemoryDatabase } from '../auth/memory-database.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl';

/** The real database behind a switch: slow (every query waits for release()) or down (every query fails). */
function controllable(db: Database) {
  let gate: Promise<void> | null = null;
  let release = () => {};
  const state = { isDown: false, statements: [] as string[] };
  const reach = async (sql: string) => {
    state.statements.push(sql);
    if (gate) await gate;
    if (state.isDown) throw new Error('connection refused');
  };
  const wrapped: Database = {
    ...db,
    query: async <Row>(sql: string, params?: unknown[]) => {
      await reach(sql);
      return db.query<Row>(sql, params);
    },
    queryPrepared: async <Row>(setup: PreparedStatement, statement: PreparedStatement) => {
      await reach(statement.sql);
      return db.queryPrepared<Row>(setup, statement);
    },
  };
  return {
    db: wrapped,
    state,
    slow() {
      gate = new Promise((resolve) => { release = resolve; });
    },
    release() {
      gate = null;
      release();
    },
  };
}

async function dropped(db: Database, source: LogSource, ref: string): Promise<number> {
  const { rows } = await db.query<{ dropped: string | number }>('select dropped from log_dropped_entries where source = $1 and project_ref = $2', [source, ref]);
  return rows[0] ? Number(rows[0].dropped) : 0;
}

describe('LogWriter', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createMemoryDatabase();
    await applyAuthSchema(db);
    await migrate(db);
  });
  afterAll(async () => db?.close());

  it('has a relation of the same shape for every source', async () => {
    for (const source of LOG_SOURCES) {
      const { rows } = await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = $1 order by ordinal_position`, [source]);
      expect(rows.map((r) => r.column_name), source).toEqual(['id', 'timestamp', 'project_ref', 'event_message', 'metadata']);
    }
  });

  it('writes a batch with one statement per source, every entry redacted', async () => {
    const control = controllable(db);
    const writer = new LogWriter(control.db, { flushIntervalMs: 60_000 });
    writer.write('edge_logs', 'aaaaaaaaaaaaaaaaaaaa', 'GET /rest/v1/todos 200', { request: { search: `?apikey=${JWT}&select=*`, headers: { authorization: `Bearer ${JWT}` } } });
    writer.write('edge_logs', 'aaaaaaaaaaaaaaaaaaaa', 'GET /rest/v1/notes 200', { request: { search: '' } });
    writer.write('auth_logs', 'aaaaaaaaaaaaaaaaaaaa', `login with ${JWT}`, { action: 'login', password: 'hunter2', refresh_token: 'abc' });
    await writer.flush();
    expect(control.state.statements.filter((sql) => /insert into "edge_logs"/.test(sql))).toHaveLength(1);
    expect(control.state.statements.filter((sql) => /insert into "auth_logs"/.test(sql))).toHaveLength(1);
    const edge = await db.query<{ event_message: string; metadata: { request: { search: string; headers?: Record<string, string> } } }>(
      `select event_message, metadata from edge_logs where project_ref = 'aaaaaaaaaaaaaaaaaaaa' order by event_message`);
    expect(edge.rows.map((r) => r.event_message)).toEqual(['GET /rest/v1/notes 200', 'GET /rest/v1/todos 200']);
    expect(edge.rows[1].metadata.request).toEqual({ search: '?apikey=[redacted]&select=*', headers: { authorization: '[redacted]' } });
    const auth = await db.query<{ event_message: string; metadata: Record<string, unknown> }>(
      `select event_message, metadata from auth_logs where project_ref = 'aaaaaaaaaaaaaaaaaaaa'`);
    expect(auth.rows).toEqual([{ event_message: 'login with [redacted]', metadata: { action: 'login', password: '[redacted]', refresh_token: '[redacted]' } }]);
    await writer.close();
  });

  it('gives entries UUIDv7 ids that sort by time', async () => {
    const ids = [timeOrderedId(1_700_000_000_000), timeOrderedId(1_700_000_000_001), timeOrderedId(1_800_000_000_000)];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    const { rows } = await db.query<{ ok: boolean }>('select $1::uuid < $2::uuid as ok', [ids[0], ids[2]]);
    expect(rows[0].ok).toBe(true);
  });

  it('refuses a source that is not one of LOG_SOURCES', () => {
    const writer = new LogWriter(db);
    expect(() => writer.write('users; drop table edge_logs' as LogSource, 'x', 'y', {})).toThrow(/unknown log source/);
  });

  it('keeps at most maxBuffered entries while the database is slow, and counts the rest as dropped', async () => {
    const ref = 'bbbbbbbbbbbbbbbbbbbb';
    const control = controllable(db);
    const writer = new LogWriter(control.db, { maxBuffered: 5, batchSize: 2, flushIntervalMs: 10 });
    control.slow();
    writer.write('edge_logs', ref, 'first', {});
    writer.write('edge_logs', ref, 'second', {}); // batchSize reached: a write starts and hangs on the slow database
    for (let i = 0; i < 20; i++) writer.write('edge_logs', ref, `more ${i}`, {});
    expect(writer.bufferedCount).toBe(5);
    control.release();
    await writer.flush();
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from edge_logs where project_ref = $1', [ref]);
    expect(rows[0].n).toBe(7);
    expect(await dropped(db, 'edge_logs', ref)).toBe(15);
    await writer.close();
  });

  it('counts a batch the database refused as dropped, and persists the count once it is back', async () => {
    const ref = 'cccccccccccccccccccc';
    const control = controllable(db);
    const errors: unknown[] = [];
    const writer = new LogWriter(control.db, { flushIntervalMs: 60_000, onError: (error) => errors.push(error) });
    control.state.isDown = true;
    for (let i = 0; i < 3; i++) writer.write('postgrest_logs', ref, `entry ${i}`, {});
    await writer.flush();
    await writer.flush();
    expect(errors).toHaveLength(1); // reported once, not once per failed statement
    control.state.isDown = false;
    writer.write('postgrest_logs', ref, 'after', {});
    await writer.flush();
    expect(await dropped(db, 'postgrest_logs', ref)).toBe(3);
    const { rows } = await db.query<{ event_message: string }>('select event_message from postgrest_logs where project_ref = $1', [ref]);
    expect(rows.map((r) => r.event_message)).toEqual(['after']);
    // A second writer (another node) adds to the same row.
    const other = new LogWriter(control.db);
    control.state.isDown = true;
    other.write('postgrest_logs', ref, 'lost', {});
    await other.flush();
    control.state.isDown = false;
    await other.close();
    expect(await dropped(db, 'postgrest_logs', ref)).toBe(4);
    await writer.close();
  });

  it('writes what is buffered on close and ignores entries after it', async () => {
    const ref = 'dddddddddddddddddddd';
    const writer = new LogWriter(db, { flushIntervalMs: 60_000 });
    writer.write('edge_logs', ref, 'before close', {});
    await writer.close();
    writer.write('edge_logs', ref, 'after close', {});
    await writer.flush();
    const { rows } = await db.query<{ event_message: string }>('select event_message from edge_logs where project_ref = $1', [ref]);
    expect(rows.map((r) => r.event_message)).toEqual(['before close']);
  });
});
