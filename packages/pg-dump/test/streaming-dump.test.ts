/**
 * The WebAssembly pg_dump streams: a dump far bigger than what is held in memory at any moment, at
 * the pace of a slow consumer, and a round trip of awkward values through the streaming statement
 * reader loads exactly what was dumped. Real Postgres (PLINTH_TEST_POSTGRES_URL), real pg_dump.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements, streamStatements } from '@plinth/pg-meta';
import { dumpDatabaseStream } from '@plinth/pg-dump';

const SERVER = process.env.PLINTH_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;

const urlOf = (database: string) => {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
};

async function onDatabase<T>(database: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `text` cut into pieces of `size` bytes, splitting UTF-8 characters and tokens anywhere. */
function inPieces(text: string, size: number): Readable {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return Readable.from(pieces);
}

const AWKWARD_TEXT = [
  'one line; two; three;',
  'multi\nline\n;\nwith semicolons;\n',
  '$$ dollar $$ and $tag$ quotes $tag$;',
  "it's 'quoted' \"twice\" -- not a comment /* nor this */",
  '\\restrict not-a-key\n\\unrestrict not-a-key\n\\connect nowhere',
  'unicode: Ω≈ç√ 日本語 🚀 é',
  'backslash \\ and \\\\ and E\'\\n\'',
  '',
];

describe('the streaming statement reader', () => {
  it('cuts a script into the statements splitStatements finds, whatever the chunking, meta-commands left out', async () => {
    const script = [
      "\\restrict k1\nset search_path = '';",
      "insert into t values (1, 'a;b\n\\not meta\n;c', $q$ ; $$ ; $q$)",
      'create function f() returns int language sql begin atomic select 1; select 2; end',
      "/* ; */ select 'é🚀;' -- ;\n",
      '\\unrestrict k1\n',
    ].join(';\n');
    const expected = splitStatements(script).map((s) => s.text).map((t) => t.replace(/^\\[^\n]*\n/, '')).filter((t) => !t.startsWith('\\'));
    for (const size of [1, 3, 7, 64, 100_000]) {
      const seen: string[] = [];
      for await (const statement of streamStatements(inPieces(script, size))) seen.push(statement);
      expect(seen, `pieces of ${size}`).toEqual(expected);
    }
    expect(expected[1]).toContain('\\not meta'); // a value's line that starts with a backslash is data
  });
});

describe('streaming pg_dump', () => {
  const suffix = randomBytes(4).toString('hex');
  const big = `plinth_stream_big_${suffix}`;
  const source = `plinth_stream_src_${suffix}`;
  const target = `plinth_stream_dst_${suffix}`;

  beforeAll(async () => {
    await onDatabase('postgres', async (admin) => {
      for (const name of [big, source, target]) await admin.query(`create database ${name}`);
    });
    await onDatabase(big, (db) => db.query(
      `create table payload (id int primary key, body text not null);
       insert into payload select g, repeat(md5(g::text), 31) from generate_series(1, 110000) g`));
  });

  afterAll(async () => {
    await onDatabase('postgres', async (admin) => {
      for (const name of [big, source, target]) await admin.query(`drop database if exists ${name} with (force)`);
    });
  });

  it('hands a 100 MB dump over in pieces, waiting for a slow consumer, never holding it', async () => {
    const dump = dumpDatabaseStream({ connectionString: urlOf(big) });
    const heap = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
    const heapBefore = heap();
    let bytes = 0;
    let chunks = 0;
    let maxBuffered = 0;
    let maxHeapGrowth = 0;
    const started = performance.now();
    await onDatabase('postgres', async (slow) => {
      let stalled = false;
      for await (const chunk of dump) {
        bytes += (chunk as Buffer).length;
        chunks += 1;
        // The iterator hands over all that is buffered at once: a chunk's size is what waited for the consumer.
        maxBuffered = Math.max(maxBuffered, (chunk as Buffer).length + dump.readableLength);
        if (chunks % 8 === 0) maxHeapGrowth = Math.max(maxHeapGrowth, heap() - heapBefore);
        if (!stalled && bytes >= 10 * MB) {
          // One stall of the consumer (a slow object store) long enough for pg_dump, at the pace it
          // has shown, to make 60 MB: without backpressure all of it would be waiting here.
          stalled = true;
          const seconds = Math.min(20, ((60 * MB) / bytes) * ((performance.now() - started) / 1000));
          await slow.query('select pg_sleep($1)', [seconds]);
        }
      }
    });
    expect(bytes).toBeGreaterThan(100 * MB);
    expect(chunks).toBeGreaterThan(20);
    // pg_dump got ahead of the consumer (the buffer filled) but stopped there (16 MB in flight from
    // the worker, 4 MB high-water mark here), instead of queueing what it kept making.
    expect(maxBuffered).toBeGreaterThanOrEqual(8 * MB);
    expect(maxBuffered).toBeLessThanOrEqual(24 * MB);
    expect(maxHeapGrowth).toBeLessThan(64 * MB);
  }, 120_000);

  it('round-trips awkward values through the dump stream and the statement reader', async () => {
    await onDatabase(source, async (db) => {
      await db.query(`create table awkward (id int primary key, body text, raw bytea, doc jsonb, note text default 'x;y')`);
      await db.query(`create function semi() returns text language plpgsql as $body$ begin return 'a;b'; end $body$`);
      for (const [index, body] of AWKWARD_TEXT.entries()) {
        await db.query('insert into awkward (id, body, raw, doc, note) values ($1, $2, $3, $4, $5)',
          [index, body, Buffer.from([0, 1, 92, 39, 59, 255, index]), JSON.stringify({ body, n: [index, null] }), index % 2 ? null : body]);
      }
      await db.query('insert into awkward (id) values (100)'); // NULLs everywhere but the key and default
    });
    const rows = (database: string) => onDatabase(database, async (db) =>
      (await db.query(`select id, body, encode(raw, 'hex') as raw, doc, note, semi() as semi from awkward order by id`)).rows);

    let statements = 0;
    await onDatabase(target, async (db) => {
      await db.query('begin');
      // Re-cut into small pieces, so statements, quotes and characters straddle chunk boundaries.
      const dump = dumpDatabaseStream({ connectionString: urlOf(source) });
      const pieces = Readable.from((async function* () {
        for await (const chunk of dump) for (let at = 0; at < chunk.length; at += 97) yield (chunk as Buffer).subarray(at, at + 97);
      })());
      for await (const statement of streamStatements(pieces)) {
        if (/^SET transaction_timeout/i.test(statement)) continue; // pg_dump 18 writes it; the CI's PostgreSQL 15 has none
        await db.query(statement);
        statements += 1;
      }
      await db.query('commit');
    });
    expect(statements).toBeGreaterThan(AWKWARD_TEXT.length);
    const back = await rows(target);
    expect(back).toEqual(await rows(source));
    expect(back.map((row) => row.body)).toEqual([...AWKWARD_TEXT, null]);
  }, 60_000);
});
