/**
 * The pooler in front of a real server (local cluster, Postgres server): both modes with pg and
 * psql, transactions, the extended protocol, COPY, cancel, many clients, and the ways in that must
 * fail (wrong password, another project's user, network restrictions, garbage, an abandoned
 * transaction), each without harming the pooler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancel, connect, connected, hasPsql, loginError, PASSWORD, psql, sendRaw, startWithProjects, type Platform } from './support.ts';

describe.each(['local', 'postgres'] as const)('the pooler on the %s engine', (engine) => {
  let platform: Platform;
  let ref: string;
  let otherRef: string;
  let tx: number;
  let session: number;
  const password = `${PASSWORD}-0`;

  beforeAll(async () => {
    ({ platform, refs: [ref, otherRef] } = await startWithProjects(engine, 2));
    tx = platform.pooler.ports.transaction!;
    session = platform.pooler.ports.session!;
    const client = await connected(session, ref, password);
    await client.query('create table items (id int primary key, name text)');
    await client.end();
  }, 240_000);
  afterAll(async () => platform?.stop());

  it('serves queries in session mode as the project owner, with session state kept', async () => {
    const client = await connected(session, ref, password);
    await client.query(`set application_name = 'kept'`);
    const { rows } = await client.query(`select current_database() as db, current_setting('application_name') as app, 1 + 1 as two`);
    expect(rows[0]).toMatchObject({ app: 'kept', two: 2 });
    // A named prepared statement survives across transactions in session mode.
    await client.query({ name: 'by-id', text: 'select $1::int as n', values: [5] });
    expect((await client.query({ name: 'by-id', text: 'select $1::int as n', values: [6] })).rows[0].n).toBe(6);
    await client.end();
  });

  it('runs transactions and the extended protocol in transaction mode', async () => {
    const client = await connected(tx, ref, password);
    await client.query('begin');
    await client.query('insert into items values ($1, $2)', [1, 'one']);
    expect((await client.query('select count(*)::int as n from items where id = $1', [1])).rows[0].n).toBe(1);
    await client.query('rollback');
    expect((await client.query('select count(*)::int as n from items')).rows[0].n).toBe(0);
    await client.query('insert into items values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    expect((await client.query('select name from items where id = $1', [2])).rows).toEqual([{ name: 'two' }]);
    await client.end();
  });

  it.skipIf(!hasPsql())('works with psql, COPY included', async () => {
    const url = `postgres://postgres.${ref}:${password}@127.0.0.1:${tx}/postgres?sslmode=disable`;
    await psql([url, '-v', 'ON_ERROR_STOP=1', '-c', 'copy items from stdin'], '10\tten\n11\televen\n');
    const out = await psql([url, '-At', '-c', 'select name from items where id >= 10 order by id']);
    expect(out.trim().split('\n')).toEqual(['ten', 'eleven']);
    const copied = await psql([url, '-At', '-c', 'copy (select id from items where id >= 10 order by id) to stdout']);
    expect(copied.trim().split('\n')).toEqual(['10', '11']);
  });

  it.each(['transaction', 'session'] as const)('forwards a cancel request in %s mode', async (mode) => {
    const client = await connected(mode === 'transaction' ? tx : session, ref, password);
    const started = Date.now();
    const sleeping = client.query('select pg_sleep(20)').then(() => null, (error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cancel(mode === 'transaction' ? tx : session, client);
    const error = await sleeping;
    expect(error?.message).toMatch(/canceling statement due to user request/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
    await client.end();
  });

  it('serves 20 concurrent clients in transaction mode on a smaller pool', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => connected(tx, ref, password)));
    const results = await Promise.all(clients.map(async (client, i) => {
      let sum = 0;
      for (let j = 0; j < 5; j++) {
        await client.query('begin');
        sum += (await client.query('select $1::int as n, pg_sleep(0.01)', [i])).rows[0].n;
        await client.query('commit');
      }
      return sum;
    }));
    expect(results).toEqual(clients.map((_, i) => i * 5));
    await Promise.all(clients.map((client) => client.end()));
  });

  it('refuses a wrong password and another project\'s user alike, and rate-limits guesses', async () => {
    const wrong = await loginError(tx, ref, 'not-the-password');
    expect(wrong?.message).toBe(`password authentication failed for user "postgres.${ref}"`);
    // The first project's password for the second project: the same failure, no hint either exists.
    const other = await loginError(tx, otherRef, password);
    expect(other?.message).toBe(`password authentication failed for user "postgres.${otherRef}"`);
    const unknown = await loginError(tx, 'nosuchprojectrefxyz', password);
    expect(unknown?.message).toBe('password authentication failed for user "postgres.nosuchprojectrefxyz"');
    for (let i = 0; i < 10; i++) await loginError(session, otherRef, 'guess');
    expect((await loginError(session, otherRef, `${PASSWORD}-1`))?.message).toMatch(/too many failed password attempts/);
    // Another project is untouched by those guesses.
    expect(await loginError(tx, ref, password)).toBeNull();
  });

  it('refuses clients outside the allowed IP ranges, IPv4 and IPv6', async () => {
    await platform.control.db.query(
      `insert into project_database_settings (project_ref, allowed_cidrs) values ($1, $2)
       on conflict (project_ref) do update set allowed_cidrs = excluded.allowed_cidrs`,
      [ref, ['10.0.0.0/8', '2001:db8::/32']],
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_200)); // the pooler's settings cache
      const error = await loginError(tx, ref, password);
      expect(error?.message).toMatch(/Address not in the project's allowed IP ranges/);
      await platform.control.db.query(`update project_database_settings set allowed_cidrs = $2 where project_ref = $1`, [ref, ['127.0.0.0/8']]);
      await new Promise((resolve) => setTimeout(resolve, 3_200));
      expect(await loginError(tx, ref, password)).toBeNull();
    } finally {
      await platform.control.db.query('delete from project_database_settings where project_ref = $1', [ref]);
    }
  });

  it('survives garbage bytes and a client that stalls mid-message', async () => {
    const garbage = await sendRaw(tx, Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(garbage.closed).toBe(true);
    const huge = Buffer.alloc(8);
    huge.writeUInt32BE(0x7fffffff, 0);
    expect((await sendRaw(session, huge)).closed).toBe(true);
    platform.pooler.timeouts.loginMs = 500;
    try {
      const half = Buffer.alloc(8);
      half.writeUInt32BE(100, 0); // announces 100 bytes, sends 4 more
      expect((await sendRaw(tx, half)).closed).toBe(true);
    } finally {
      platform.pooler.timeouts.loginMs = 15_000;
    }
    const client = await connected(tx, ref, password);
    expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
    await client.end();
  });

  it('reclaims a transaction a client leaves open, rolling it back', async () => {
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

  it('writes pgbouncer_logs entries for logins and refusals, never the password', async () => {
    await platform.control.logs.flush();
    const { rows } = await platform.control.db.query<{ event_message: string; metadata: unknown }>(
      'select event_message, metadata from pgbouncer_logs where project_ref = $1', [ref]);
    const text = JSON.stringify(rows);
    expect(text).toMatch(/login attempt: ok/);
    expect(text).toMatch(/password authentication failed/);
    expect(text).not.toContain(password);
  });
});
