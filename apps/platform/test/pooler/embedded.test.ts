/**
 * The pooler on the embedded engine: transaction mode on the project's one PGlite session, shared
 * safely with the platform's own queries; session mode is refused with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, connected, hasPsql, loginError, PASSWORD, psql, sendRaw, startWithProjects, type Platform } from './support.ts';

describe('the pooler on the embedded engine', () => {
  let platform: Platform;
  let ref: string;
  let tx: number;
  const password = `${PASSWORD}-0`;

  beforeAll(async () => {
    ({ platform, refs: [ref] } = await startWithProjects('embedded', 1));
    tx = platform.pooler.ports.transaction!;
    const client = await connected(tx, ref, password);
    await client.query('create table items (id int primary key, name text)');
    await client.end();
  }, 240_000);
  afterAll(async () => platform?.stop());

  it('serves queries, transactions and the extended protocol', async () => {
    const client = await connected(tx, ref, password);
    await client.query('begin');
    await client.query('insert into items values ($1, $2)', [1, 'one']);
    expect((await client.query('select name from items where id = $1', [1])).rows).toEqual([{ name: 'one' }]);
    await client.query('rollback');
    await client.query('insert into items values ($1, $2)', [2, 'two']);
    expect((await client.query('select count(*)::int as n from items')).rows[0].n).toBe(1);
    await client.end();
  });

  it('keeps the platform\'s own queries out of a client\'s open transaction, and resets what the client SET', async () => {
    // Opened first: opening waits for the session like any other use of the project.
    const db = await platform.control.engine.project({ ref, server: null });
    const client = await connected(tx, ref, password);
    await client.query('begin');
    await client.query(`insert into items values (3, 'uncommitted')`);
    // The platform's query waits for the client's transaction instead of running inside it.
    let platformSaw: number | null = null;
    const platformQuery = db.query<{ n: number }>('select count(*)::int as n from items where id = 3').then(({ rows }) => (platformSaw = rows[0].n));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(platformSaw).toBeNull();
    await client.query('rollback');
    await platformQuery;
    expect(platformSaw).toBe(0);
    await client.query(`set search_path = nowhere`);
    expect((await db.query<{ path: string }>('show search_path')).rows[0]).not.toEqual({ search_path: 'nowhere' });
    await client.end();
  });

  it('serves 20 concurrent clients, one transaction at a time', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => connected(tx, ref, password)));
    const sums = await Promise.all(clients.map(async (client, i) => {
      await client.query('begin');
      const n = (await client.query('select $1::int as n', [i])).rows[0].n;
      await client.query('commit');
      return n;
    }));
    expect(sums).toEqual(clients.map((_, i) => i));
    await Promise.all(clients.map((client) => client.end()));
  });

  it.skipIf(!hasPsql())('works with psql', async () => {
    const url = `postgres://postgres.${ref}:${password}@127.0.0.1:${tx}/postgres?sslmode=disable`;
    expect((await psql([url, '-At', '-c', 'select 40 + 2'])).trim()).toBe('42');
    const copied = await psql([url, '-At', '-c', 'copy (select id from items order by id) to stdout']);
    expect(copied.trim()).toBe('2');
  });

  it('refuses session mode, wrong passwords and garbage, and reclaims an abandoned transaction', async () => {
    expect((await loginError(platform.pooler.ports.session!, ref, password))?.message).toMatch(/Session mode is not available on the embedded engine/);
    expect((await loginError(tx, ref, 'wrong'))?.message).toBe(`password authentication failed for user "postgres.${ref}"`);
    expect((await sendRaw(tx, Buffer.from('\x00\x00\x00\x08garbage!'))).closed).toBe(true);
    platform.pooler.timeouts.idleInTransactionMs = 500;
    try {
      const client = connect(tx, ref, password);
      const lost = new Promise<Error>((resolve) => client.on('error', resolve));
      await client.connect();
      await client.query('begin');
      await client.query(`insert into items values (99, 'abandoned')`);
      expect((await lost).message).toMatch(/idle-in-transaction timeout/);
      const other = await connected(tx, ref, password);
      expect((await other.query('select count(*)::int as n from items where id = 99')).rows[0].n).toBe(0);
      await other.end();
    } finally {
      platform.pooler.timeouts.idleInTransactionMs = 60_000;
    }
  });
});
