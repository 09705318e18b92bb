/**
 * Every identifier field with names that break naive SQL building: each is created exactly as given
 * (and found again by that name) or refused with a clear message; the canary table always survives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as meta from '../src/index.ts';
import { TEST_ENGINES, type TestDatabase } from './harness.ts';

const CORPUS = [
  'with "double" quotes',
  "it's",
  'has spaces',
  'Upper Case',
  'ünïcödé 表',
  'semi;colon',
  '"; drop table canary; --',
  "'); drop table canary; --",
  '$$; drop table canary; $$',
  'back\\slash',
  'x'.repeat(63),
  'x'.repeat(64),
  'é'.repeat(32), // 64 bytes in UTF-8
  '',
  'nul\0byte',
];

const encoder = new TextEncoder();
const isRefused = (name: string) => name === '' || name.includes('\0') || encoder.encode(name).length > 63;

describe.each(TEST_ENGINES)('injection corpus on %s', (_name, open) => {
  let t: TestDatabase;
  let tableId: number;
  beforeAll(async () => {
    t = await open();
    await t.db.query('create table canary (id int)');
    await t.db.query('create table host (id int primary key, ref int)');
    await t.db.query(`create function host_trigger() returns trigger language plpgsql as $$ begin return new; end $$`);
    tableId = Number((await t.db.query<{ id: number }>(`select 'host'::regclass::oid::int8 as id`)).rows[0].id);
  });
  afterAll(async () => t?.close());

  async function canaryAlive(): Promise<void> {
    expect((await t.db.query<{ ok: boolean }>(`select to_regclass('public.canary') is not null as ok`)).rows[0].ok).toBe(true);
  }

  /** Either the name comes back exactly, or a clear refusal for names Postgres cannot hold. */
  async function roundTrip(name: string, create: () => Promise<{ name: string }>, cleanup: (created: { name: string }) => Promise<unknown>): Promise<void> {
    if (isRefused(name)) {
      const error = await create().then(() => null, (err: { code?: string; message?: string }) => err);
      // A NUL byte may be caught first in a value (a comment, a trigger argument): refused either way.
      expect(error?.code).toBe(name.includes('\0') && error?.code === 'invalid_sql_fragment' ? 'invalid_sql_fragment' : 'invalid_identifier');
      expect(error?.message).toMatch(/required|too long|NUL/);
    } else {
      const created = await create();
      expect(created.name).toBe(name);
      await cleanup(created);
    }
    await canaryAlive();
  }

  it.each(CORPUS.map((name) => [JSON.stringify(name).slice(0, 40), name]))('names %s', async (_label, name) => {
    await roundTrip(name, () => meta.createSchema(t.db, { name }), (s) => t.db.query(`drop schema ${meta.ident(s.name)} cascade`));
    await roundTrip(name, () => meta.createTable(t.db, { name, comment: name, columns: [{ name: 'id', type: 'int', is_primary_key: true }] }), async (created) => {
      const table = (await meta.listTables(t.db, { search: name, included_schemas: ['public'] })).items.find((x) => x.name === created.name)!;
      expect(table.comment).toBe(name);
      await meta.deleteTable(t.db, table.id);
    });
    await roundTrip(name, () => meta.createColumn(t.db, { table_id: tableId, name, type: 'text', default_value: name, comment: name }), async (created) => {
      const column = (await meta.listColumns(t.db, { table_id: tableId })).items.find((c) => c.name === created.name)!;
      expect(column.comment).toBe(name);
      expect(column.default_value).toBe(`'${name.replaceAll("'", "''")}'::text`);
      await meta.deleteColumn(t.db, column.id);
    });
    await roundTrip(name, () => meta.createPolicy(t.db, { table: 'host', name, command: 'SELECT', definition: 'true' }), async (created) => {
      const policy = (await meta.listPolicies(t.db, { table_id: tableId })).items.find((p) => p.name === created.name)!;
      await meta.deletePolicy(t.db, policy.id);
    });
    await roundTrip(name, () => meta.createFunction(t.db, { name, args: [{ name, type: 'int' }], return_type: 'int', language: 'sql', definition: 'select 1' }), async (created) => {
      const fn = (await meta.listFunctions(t.db, { included_schemas: ['public'] })).items.find((f) => f.name === created.name)!;
      expect(fn.args[0].name).toBe(name);
      await meta.deleteFunction(t.db, fn.id);
    });
    await roundTrip(name, () => meta.createTrigger(t.db, { name, table: 'host', function_name: 'host_trigger', function_args: [name], activation: 'BEFORE', events: ['INSERT'], orientation: 'ROW' }), async (created) => {
      const trigger = (await meta.listTriggers(t.db, { table_id: tableId })).items.find((x) => x.name === created.name)!;
      expect(trigger.function_args).toEqual([name]);
      await meta.deleteTrigger(t.db, trigger.id);
    });
    await roundTrip(name, () => meta.createIndex(t.db, { table: 'host', name, columns: ['ref'] }), (created) => t.db.query(`drop index ${meta.ident(created.name)}`));
    await roundTrip(name, () => meta.createType(t.db, { name, values: [name === '' ? 'empty' : name.slice(0, 60).replace('\0', '')] }), (created) => t.db.query(`drop type ${meta.ident(created.name)}`));
    await roundTrip(name, () => meta.createView(t.db, { name, definition: 'select 1 as one' }), (created) => t.db.query(`drop view ${meta.ident(created.name)}`));
    await roundTrip(name, () => meta.createPublication(t.db, { name, tables: [{ schema: 'public', name: 'host' }] }), (created) => t.db.query(`drop publication ${meta.ident(created.name)}`));
    await roundTrip(name, async () => {
      const fk = await meta.createForeignKey(t.db, { table_id: tableId, name, columns: ['ref'], target_table_id: tableId, target_columns: ['id'] });
      return { name: fk[0].constraint_name };
    }, (created) => t.db.query(`alter table host drop constraint ${meta.ident(created.name)}`));
  });

  it.each(CORPUS.map((name) => [JSON.stringify(name).slice(0, 40), name]))('role names %s (cluster-wide on a server: created, used, dropped)', async (_label, name) => {
    if (!isRefused(name)) await t.db.query(`drop role if exists ${meta.ident(name)}`);
    await roundTrip(name, () => meta.createRole(t.db, { name, password: name || 'x' }), async (created) => {
      const policy = await meta.createPolicy(t.db, { table: 'host', name: 'for role', command: 'SELECT', definition: 'true', roles: [created.name, 'anon'] });
      expect(policy.roles).toEqual([created.name, 'anon'].sort());
      await meta.deletePolicy(t.db, policy.id);
      await t.db.query(`drop role ${meta.ident(created.name)}`);
    });
  });

  it('raw SQL fragments cannot end the statement they are put in', async () => {
    for (const fragment of ['true); drop table canary; --', 'true; drop table canary', "true') --", 'true /* unclosed', 'true --\r); drop table canary; --', '$x$ unclosed']) {
      await expect(meta.createPolicy(t.db, { table: 'host', name: 'evil', command: 'SELECT', definition: fragment })).rejects.toMatchObject({ code: expect.stringMatching(/invalid_sql_fragment|42601/) });
      await expect(meta.createColumn(t.db, { table_id: tableId, name: 'evil', type: 'int', default_value: fragment, default_value_format: 'expression' })).rejects.toBeTruthy();
      await canaryAlive();
    }
    // A fragment ending in a line comment still gets its closing parenthesis.
    const policy = await meta.createPolicy(t.db, { table: 'host', name: 'commented', command: 'SELECT', definition: 'id > 0 -- positive ids only' });
    expect(policy.definition).toContain('id > 0');
    await meta.deletePolicy(t.db, policy.id);
  });
});
