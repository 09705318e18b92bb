import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as meta from '../src/index.ts';
import { TEST_ENGINES, type TestDatabase } from './harness.ts';

describe.each(TEST_ENGINES)('tables, columns, keys and policies on %s', (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.close());

  it('creates a table with columns and a primary key, lists and retrieves it', async () => {
    const table = await t.transaction((tx) => meta.createTable(tx, {
      name: 'todos',
      comment: 'Things to do',
      rls_enabled: true,
      columns: [
        { name: 'id', type: 'bigint', is_identity: true, is_primary_key: true },
        { name: 'title', type: 'text', is_nullable: false, default_value: "it's new", comment: 'What' },
        { name: 'done', type: 'boolean', default_value: false },
        { name: 'created_at', type: 'timestamptz', default_value: 'now()', default_value_format: 'expression' },
        { name: 'user_id', type: 'uuid' },
      ],
    }));
    expect(table).toMatchObject({ schema: 'public', name: 'todos', type: 'table', rls_enabled: true, rls_forced: false, comment: 'Things to do' });
    expect(table.primary_keys).toEqual([{ schema: 'public', table_name: 'todos', name: 'id', table_id: table.id }]);
    expect(table.columns?.map((c) => c.name)).toEqual(['id', 'title', 'done', 'created_at', 'user_id']);
    const title = table.columns!.find((c) => c.name === 'title')!;
    expect(title).toMatchObject({ is_nullable: false, default_value: "'it''s new'::text", comment: 'What', data_type: 'text' });
    expect(table.columns!.find((c) => c.name === 'id')).toMatchObject({ is_identity: true, identity_generation: 'BY DEFAULT', is_primary_key: true });
    expect(typeof table.bytes).toBe('number');

    const page = await meta.listTables(t.db, { included_schemas: ['public'] });
    expect(page.count).toBe(1);
    expect(page.items[0].columns).toBeUndefined();
    expect(page.items[0]).toMatchObject({ name: 'todos', primary_keys: [expect.objectContaining({ name: 'id' })] });
    const withColumns = await meta.listTables(t.db, { included_schemas: ['public'], include_columns: true });
    expect(withColumns.items[0].columns).toHaveLength(5);
  });

  it('updates a table: RLS toggle, force, comment, rename, schema move; deletes with cascade', async () => {
    const created = await t.transaction((tx) => meta.createTable(tx, { name: 'notes', columns: [{ name: 'id', type: 'int', is_primary_key: true }] }));
    let table = await t.transaction((tx) => meta.updateTable(tx, created.id, { rls_enabled: true, rls_forced: true, comment: 'n' }));
    expect(table).toMatchObject({ rls_enabled: true, rls_forced: true, comment: 'n' });
    await t.db.query('create schema if not exists archive');
    table = await t.transaction((tx) => meta.updateTable(tx, created.id, { name: 'old notes', schema: 'archive', rls_enabled: false }));
    expect(table).toMatchObject({ id: created.id, name: 'old notes', schema: 'archive', rls_enabled: false });
    await t.db.query('create view archive.notes_view as select * from archive."old notes"');
    await expect(meta.deleteTable(t.db, created.id)).rejects.toMatchObject({ code: '2BP01' });
    await meta.deleteTable(t.db, created.id, { cascade: true });
    await expect(meta.getTable(t.db, created.id)).rejects.toMatchObject({ code: 'database_object_not_found' });
  });

  it('adds, changes and drops columns; refuses unknown and malformed types', async () => {
    const table = await meta.getTable(t.db, (await meta.listTables(t.db, { search: 'todos' })).items[0].id);
    const column = await t.transaction((tx) => meta.createColumn(tx, { table_id: table.id, name: 'priority', type: 'int', default_value: 1, check: 'priority > 0', is_unique: true }));
    expect(column).toMatchObject({ name: 'priority', default_value: '1', is_unique: true, check: '(priority > 0)' });
    const updated = await t.transaction((tx) => meta.updateColumn(tx, column.id, {
      name: 'rank', type: 'bigint', is_nullable: false, is_unique: false, check: null, drop_default: true, comment: 'Rank',
    }));
    expect(updated).toMatchObject({ name: 'rank', data_type: 'bigint', is_nullable: false, is_unique: false, check: null, default_value: null, comment: 'Rank' });
    await expect(t.transaction((tx) => meta.createColumn(tx, { table_id: table.id, name: 'x', type: 'no_such_type' }))).rejects.toMatchObject({ code: 'database_error' });
    await expect(t.transaction((tx) => meta.createColumn(tx, { table_id: table.id, name: 'x', type: 'int default 1' }))).rejects.toMatchObject({ code: 'invalid_sql_fragment' });
    await expect(t.transaction((tx) => meta.createColumn(tx, { table_id: table.id, name: 'x', type: 'int); drop table todos; --' }))).rejects.toMatchObject({ code: 'invalid_sql_fragment' });
    await meta.deleteColumn(t.db, updated.id);
    expect((await meta.getTable(t.db, table.id)).columns?.some((c) => c.name === 'rank')).toBe(false);
  });

  it('creates and drops foreign keys, seen from both tables as relationships', async () => {
    const todos = (await meta.listTables(t.db, { search: 'todos' })).items[0];
    const lists = await t.transaction((tx) => meta.createTable(tx, { name: 'lists', columns: [{ name: 'id', type: 'bigint', is_primary_key: true }] }));
    await t.transaction((tx) => meta.createColumn(tx, { table_id: todos.id, name: 'list_id', type: 'bigint' }));
    const users = (await meta.listTables(t.db, { included_schemas: ['auth'], search: 'users' })).items[0];
    const fk = await t.transaction((tx) => meta.createForeignKey(tx, { table_id: todos.id, columns: ['list_id'], target_table_id: lists.id, target_columns: ['id'], on_delete: 'CASCADE' }));
    expect(fk[0]).toMatchObject({ source_table_name: 'todos', target_table_name: 'lists', source_column_name: 'list_id', delete_action: 'CASCADE', update_action: 'NO ACTION' });
    await t.transaction((tx) => meta.createForeignKey(tx, { table_id: todos.id, name: 'todos owner', columns: ['user_id'], target_table_id: users.id, target_columns: ['id'] }));
    const relationships = (await meta.getTable(t.db, lists.id)).relationships!;
    expect(relationships.map((r) => r.constraint_name)).toEqual(['todos_list_id_fkey']);
    expect((await meta.getTable(t.db, todos.id)).relationships!.map((r) => r.constraint_name).sort()).toEqual(['todos owner', 'todos_list_id_fkey']);
    await meta.deleteForeignKey(t.db, fk[0].id);
    expect((await meta.getTable(t.db, lists.id)).relationships).toEqual([]);
  });

  it('creates, edits (in one transaction) and deletes policies; SQL as the spec shows it', async () => {
    const input = { schema: 'public', table: 'todos', name: 'Own rows', command: 'SELECT' as const, definition: 'auth.uid() = user_id', roles: ['authenticated'] };
    expect(meta.buildPolicyCreateSql(input)).toBe('CREATE POLICY "Own rows" ON "public"."todos" AS PERMISSIVE FOR SELECT TO "authenticated" USING (auth.uid() = user_id)');
    const policy = await meta.createPolicy(t.db, input);
    expect(policy).toMatchObject({ name: 'Own rows', schema: 'public', table: 'todos', command: 'SELECT', action: 'PERMISSIVE', roles: ['authenticated'], check: null });
    expect(policy.definition).toContain('auth.uid()');

    const insert = await meta.createPolicy(t.db, { table: 'todos', name: 'Anyone inserts', command: 'INSERT', check: 'true' });
    expect(insert.roles).toEqual(['public']);

    const changes = { name: 'Own rows only', roles: [], definition: '(auth.uid() = user_id) and not done' };
    const script = await meta.previewPolicyUpdate(t.db, policy.id, changes);
    expect(script).toBe([
      'BEGIN;',
      '  ALTER POLICY "Own rows" ON "public"."todos" TO public USING ((auth.uid() = user_id) and not done);',
      '  ALTER POLICY "Own rows" ON "public"."todos" RENAME TO "Own rows only";',
      'COMMIT;',
    ].join('\n'));
    const updated = await t.transaction((tx) => meta.updatePolicy(tx, policy.id, changes));
    expect(updated).toMatchObject({ id: policy.id, name: 'Own rows only', roles: ['public'] });
    expect(meta.buildPolicyUpdateSql(updated, { roles: ['public'], name: 'Own rows only' })).toEqual([]);
    expect(() => meta.buildPolicyUpdateSql(updated, { command: 'ALL' })).toThrow(/cannot be changed/);

    // A failing edit leaves the policy as it was: both statements roll back together.
    await expect(t.transaction((tx) => meta.updatePolicy(tx, policy.id, { name: 'renamed', definition: 'no_such_column = 1' })))
      .rejects.toMatchObject({ code: '42703' });
    expect((await meta.getPolicy(t.db, policy.id)).name).toBe('Own rows only');

    const listed = await meta.listPolicies(t.db, { included_schemas: ['public'] });
    expect(listed.items.map((p) => p.name)).toEqual(['Anyone inserts', 'Own rows only']);
    await meta.deletePolicy(t.db, insert.id);
    expect((await meta.listPolicies(t.db, { table_id: policy.table_id })).count).toBe(1);
  });

  it('refuses DDL in protected schemas but allows storage policies', async () => {
    await expect(meta.createTable(t.db, { schema: 'auth', name: 'x' })).rejects.toMatchObject({ code: 'protected_schema' });
    const users = (await meta.listTables(t.db, { included_schemas: ['auth'] })).items.find((x) => x.name === 'users')!;
    await expect(meta.updateTable(t.db, users.id, { rls_enabled: true })).rejects.toMatchObject({ code: 'protected_schema' });
    await expect(meta.createPolicy(t.db, { schema: 'auth', table: 'users', name: 'p', command: 'SELECT', definition: 'true' })).rejects.toMatchObject({ code: 'protected_schema' });
    const storage = await meta.createPolicy(t.db, { schema: 'storage', table: 'objects', name: 'Public read', command: 'SELECT', definition: "bucket_id = 'public'" });
    expect(storage.schema).toBe('storage');
    expect(meta.isProtectedSchema('pg_temp_3')).toBe(true);
    expect(meta.isProtectedSchema('public')).toBe(false);
  });

  it('RLS and a policy really filter rows for authenticated', async () => {
    const table = (await meta.listTables(t.db, { search: 'todos' })).items[0];
    await t.db.query(`insert into auth.users (id) values ('00000000-0000-0000-0000-000000000001'), ('00000000-0000-0000-0000-000000000002')`);
    await t.db.query(`insert into todos (title, user_id) values ('mine', '00000000-0000-0000-0000-000000000001'), ('theirs', '00000000-0000-0000-0000-000000000002')`);
    await t.db.query('grant all on todos to authenticated');
    expect(table.rls_enabled).toBe(true);
    const rows = await t.transaction((tx) => meta.runScript(tx, `
      set local role authenticated;
      select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-000000000001","role":"authenticated"}', true);
      select title from todos order by title;`));
    expect(rows).toEqual([{ title: 'mine' }]);
  });
});
