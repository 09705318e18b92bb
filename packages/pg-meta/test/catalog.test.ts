import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as meta from '../src/index.ts';
import { TEST_ENGINES, type TestDatabase } from './harness.ts';

describe.each(TEST_ENGINES)('the rest of the catalog on %s', (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
    await t.db.query('create table public.items (id int primary key, name text, price numeric)');
  });
  afterAll(async () => t?.close());

  it('schemas: list with the protected flag, create, rename, drop', async () => {
    const created = await meta.createSchema(t.db, { name: 'Sales Team' });
    expect(created).toMatchObject({ name: 'Sales Team', is_protected: false });
    const all = await meta.listSchemas(t.db);
    expect(all.items.find((s) => s.name === 'auth')?.is_protected).toBe(true);
    expect(all.items.some((s) => s.name === 'pg_catalog')).toBe(false);
    expect((await meta.listSchemas(t.db, { search: 'sales' })).items.map((s) => s.name)).toEqual(['Sales Team']);
    expect((await t.transaction((tx) => meta.updateSchema(tx, created.id, { name: 'sales' }))).name).toBe('sales');
    await expect(meta.createSchema(t.db, { name: 'storage' })).rejects.toMatchObject({ code: 'protected_schema' });
    await meta.deleteSchema(t.db, created.id);
  });

  it('views and materialized views: create, list, update, refresh, drop', async () => {
    const view = await meta.createView(t.db, { name: 'cheap items', definition: 'select id, name from items where price < 10;', comment: 'Cheap' });
    expect(view).toMatchObject({ name: 'cheap items', comment: 'Cheap', is_updatable: true });
    expect(view.definition).not.toMatch(/;$/);
    expect(view.columns?.map((c) => c.name)).toEqual(['id', 'name']);
    await expect(meta.createView(t.db, { name: 'v2', definition: 'select 1; drop table items' })).rejects.toMatchObject({ code: 'invalid_sql_fragment' });
    await expect(meta.createView(t.db, { name: 'v2', definition: 'select 1) ; drop table items; --' })).rejects.toMatchObject({ code: 'invalid_sql_fragment' });
    const updated = await t.transaction((tx) => meta.updateView(tx, view.id, { definition: 'select id, name, price from items where price < 10', name: 'cheap' }));
    expect(updated.columns?.map((c) => c.name)).toEqual(['id', 'name', 'price']);
    expect((await meta.listViews(t.db, { included_schemas: ['public'] })).items.map((v) => v.name)).toEqual(['cheap']);

    const mv = await meta.createMaterializedView(t.db, { name: 'item_count', definition: 'select count(*) as n from items', with_data: false });
    expect(mv.is_populated).toBe(false);
    expect((await meta.refreshMaterializedView(t.db, mv.id)).is_populated).toBe(true);
    const entities = await meta.listEntities(t.db, { sort: 'grouped-alphabetical' });
    expect(entities.entities.map((e) => [e.name, e.type])).toEqual([['items', 'table'], ['cheap', 'view'], ['item_count', 'materialized_view']]);
    expect(entities.count).toBe(3);
    expect((await meta.listForeignTables(t.db)).count).toBe(0);
    await meta.deleteMaterializedView(t.db, mv.id);
    await meta.deleteView(t.db, view.id);
  });

  it('roles: system roles flagged and excluded from choices, protected from changes', async () => {
    const all = await meta.listRoles(t.db);
    const names = all.items.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']));
    expect(all.items.find((r) => r.name === 'pg_read_all_data')?.is_system).toBe(true);
    const choices = (await meta.listRoles(t.db, { exclude_system_roles: true })).items.map((r) => r.name);
    expect(choices).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']));
    expect(choices.some((n) => n.startsWith('pg_') || n === 'postgres')).toBe(false);
    const anon = all.items.find((r) => r.name === 'anon')!;
    await expect(meta.updateRole(t.db, anon.id, { can_login: true })).rejects.toMatchObject({ code: 'protected_role' });
    const name = `pgmeta_role_${Date.now()}`;
    const role = await meta.createRole(t.db, { name, can_login: false, connection_limit: 3 });
    expect(role).toMatchObject({ name, can_login: false, connection_limit: 3, is_system: false });
    const renamed = await t.transaction((tx) => meta.updateRole(tx, role.id, { name: `${name}_x`, inherit_role: false }));
    expect(renamed).toMatchObject({ name: `${name}_x`, inherit_role: false });
    await meta.deleteRole(t.db, role.id);
  });

  it('functions and triggers', async () => {
    const fn = await t.transaction((tx) => meta.createFunction(tx, {
      name: 'touch',
      return_type: 'trigger',
      definition: "begin new.name := coalesce(new.name, tg_argv[0]); return new; end; -- it's $body$ safe",
      config_params: { search_path: '' },
      comment: 'Sets a name',
    }));
    expect(fn).toMatchObject({ name: 'touch', language: 'plpgsql', return_type: 'trigger', behavior: 'VOLATILE', config_params: { search_path: '""' }, comment: 'Sets a name' });
    const trigger = await t.transaction((tx) => meta.createTrigger(tx, {
      name: 'Touch items', table: 'items', function_name: 'touch', function_args: ["O'Neil", 'ünï'], activation: 'BEFORE', events: ['INSERT', 'UPDATE'], orientation: 'ROW', condition: 'new.price > 0',
    }));
    expect(trigger).toMatchObject({ name: 'Touch items', activation: 'BEFORE', orientation: 'ROW', events: ['INSERT', 'UPDATE'], function_args: ["O'Neil", 'ünï'], enabled_mode: 'ORIGIN' });
    expect(trigger.condition).toContain('price');
    await t.db.query('insert into items (id, price) values (1, 5)');
    expect((await t.db.query<{ name: string }>('select name from items where id = 1')).rows[0].name).toBe("O'Neil");
    expect((await t.transaction((tx) => meta.updateTrigger(tx, trigger.id, { enabled_mode: 'DISABLED', name: 'off' })))).toMatchObject({ enabled_mode: 'DISABLED', name: 'off' });
    await meta.deleteTrigger(t.db, trigger.id);

    const add = await t.transaction((tx) => meta.createFunction(tx, {
      name: 'add', args: [{ name: 'a', type: 'int' }, { name: 'b', type: 'int', default: '1' }], return_type: 'int', language: 'SQL', behavior: 'IMMUTABLE', definition: 'select a + b',
    }));
    expect(add).toMatchObject({ argument_types: 'a integer, b integer DEFAULT 1', behavior: 'IMMUTABLE', language: 'sql' });
    const changed = await t.transaction((tx) => meta.updateFunction(tx, add.id, { definition: 'select a + b + 0', name: 'plus', security_definer: true }));
    expect(changed).toMatchObject({ name: 'plus', definition: 'select a + b + 0', behavior: 'IMMUTABLE', security_definer: true });
    const resigned = await t.transaction((tx) => meta.updateFunction(tx, add.id, { args: [{ name: 'x', type: 'bigint' }], return_type: 'bigint', definition: 'select x' }));
    expect(resigned.argument_types).toBe('x bigint');
    expect((await meta.listFunctions(t.db, { included_schemas: ['public'], search: 'plus' })).items).toHaveLength(1);
    await meta.deleteFunction(t.db, resigned.id);
  });

  it('extensions: available, loadable, enable and disable', async () => {
    const list = await meta.listExtensions(t.db);
    expect(list.find((e) => e.name === 'plpgsql')).toMatchObject({ installed_version: expect.any(String), is_loadable: true });
    const names = await meta.uninstalledExtensionNames(t.db);
    const loadable = await t.transaction((tx) => meta.probeLoadableExtensions(tx, names.slice(0, 8)));
    // Nothing stays installed after probing.
    expect((await meta.listExtensions(t.db)).every((e) => e.name === 'plpgsql' || e.installed_version === null)).toBe(true);
    const candidate = [...loadable].find((name) => name !== 'adminpack');
    if (candidate) {
      const enabled = await meta.createExtension(t.db, { name: candidate, schema: 'extensions', cascade: true }, { loadable });
      expect(enabled).toMatchObject({ name: candidate, installed_version: expect.any(String) });
      await meta.deleteExtension(t.db, candidate, { cascade: true });
    }
    await expect(meta.createExtension(t.db, { name: 'no_such_extension' })).rejects.toMatchObject({ code: 'extension_unavailable' });
  });

  it('publications, indexes and enum types', async () => {
    const pub = await meta.createPublication(t.db, { name: 'Realtime', publish_truncate: false, tables: [{ schema: 'public', name: 'items' }] });
    expect(pub).toMatchObject({ name: 'Realtime', publish_insert: true, publish_truncate: false, tables: [expect.objectContaining({ name: 'items' })] });
    const all = await t.transaction((tx) => meta.updatePublication(tx, pub.id, { tables: null }));
    expect(all.tables).toBeNull();
    const none = await t.transaction((tx) => meta.updatePublication(tx, all.id, { tables: [], publish_delete: false }));
    expect(none).toMatchObject({ tables: [], publish_delete: false });
    expect((await meta.listPublications(t.db)).map((p) => p.name)).toContain('Realtime');
    await meta.deletePublication(t.db, none.id);

    const index = await meta.createIndex(t.db, { table: 'items', columns: ['name', 'price'], where: 'price > 0' });
    expect(index).toMatchObject({ name: 'items_name_price_idx', columns: ['name', 'price'], is_unique: false, access_method: 'btree' });
    expect((await meta.listIndexes(t.db, { table_id: index.table_id })).items.map((i) => i.name)).toEqual(['items_name_price_idx', 'items_pkey']);
    await meta.deleteIndex(t.db, index.id);

    const mood = await meta.createType(t.db, { name: 'mood', values: ['sad', 'ok'], comment: 'How it goes' });
    expect(mood).toMatchObject({ format: 'enum', enums: ['sad', 'ok'], comment: 'How it goes' });
    const edited = await t.transaction((tx) => meta.updateType(tx, mood.id, { rename_values: [{ old: 'ok', new: 'fine' }], values: ['awful', 'sad', 'fine', 'happy'] }));
    expect(edited.enums).toEqual(['awful', 'sad', 'fine', 'happy']);
    await expect(meta.updateType(t.db, mood.id, { values: ['sad'] })).rejects.toMatchObject({ code: 'validation_failed' });
    await meta.deleteType(t.db, mood.id);
  });

  it('migrations: [] without the table, the history with it', async () => {
    expect(await meta.listMigrations(t.db)).toEqual([]);
    await t.db.query('create schema supabase_migrations');
    await t.db.query('create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text)');
    await t.db.query(`insert into supabase_migrations.schema_migrations values ('20240101000000', array['create table a ()'], 'init')`);
    expect(await meta.listMigrations(t.db)).toEqual([{ version: '20240101000000', name: 'init', statements: ['create table a ()'] }]);
  });

  it('query: scripts, read-only transactions, error positions, JSON-safe values', async () => {
    const rows = await t.transaction((tx) => meta.runScript(tx, "select 1 as a; select 'x;y' as b, 9007199254740993::int8 as big, '\\x0102'::bytea as raw"));
    expect(rows).toEqual([{ b: 'x;y', big: '9007199254740993', raw: '\\x0102' }]);
    await expect(t.transaction((tx) => meta.runScript(tx, 'insert into items (id) values (99)', { readOnly: true }))).rejects.toMatchObject({ code: '25006' });
    await expect(t.transaction((tx) => meta.runScript(tx, 'set transaction read write; insert into items (id) values (99)', { readOnly: true }))).rejects.toMatchObject({ code: '25001' });
    await expect(t.transaction((tx) => meta.runScript(tx, 'commit; insert into items (id) values (99)', { readOnly: true }))).rejects.toMatchObject({ code: 'sql_statement_not_allowed' });
    expect(await t.transaction((tx) => meta.runScript(tx, 'select count(*)::int as n from items', { readOnly: true }))).toEqual([{ n: 1 }]);
    const error = await t.transaction((tx) => meta.runScript(tx, 'select 1;\nselect nope from items')).catch((err: { position?: string; code?: string }) => err);
    expect(error).toMatchObject({ code: '42703', position: '18' });
  });
});
