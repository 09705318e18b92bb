import { describe, expect, it } from 'vitest';
import type { Column, Table } from '../src/data/pg-meta/types.ts';
import { columnChanges, columnDefinition, columnFromExisting, columnsProblem, defaultNewTableColumns, identifierProblem, newColumn } from '../src/features/database/tables/table-form.ts';
import { layoutBoxes, layoutLinks } from '../src/features/database/schemas/schema-layout.ts';
import { functionChanges, functionProblem, formFromFunction } from '../src/features/database/functions/function-form.ts';

const column = (values: Partial<Column>): Column => ({
  id: '1.1', table_id: 1, schema: 'public', table: 't', ordinal_position: 1, name: 'c', default_value: null, data_type: 'text', format: 'text',
  is_identity: false, identity_generation: null, is_generated: false, is_nullable: true, is_unique: false, is_primary_key: false,
  enums: [], check: null, comment: null, ...values,
});

describe('identifiers', () => {
  it('refuses empty, padded and over-63-byte names, counting bytes', () => {
    expect(identifierProblem('', 'table name')).toBe('Please provide a table name');
    expect(identifierProblem(' x', 'table name')).toBe('The table name cannot start or end with spaces');
    expect(identifierProblem('x'.repeat(63), 'table name')).toBeNull();
    expect(identifierProblem('é'.repeat(32), 'table name')).toBe('The table name is too long: at most 63 bytes (this one is 64)');
    expect(identifierProblem('Robert"); drop table students; --', 'table name')).toBeNull();
  });
});

describe('table columns', () => {
  it('starts a table with an identity key and a creation time', () => {
    expect(defaultNewTableColumns().map(columnDefinition)).toEqual([
      { name: 'id', type: 'int8', is_identity: true, identity_generation: 'BY DEFAULT', is_nullable: false, is_primary_key: true, is_unique: false },
      { name: 'created_at', type: 'timestamptz', default_value: 'now()', default_value_format: 'expression', is_nullable: false, is_primary_key: false, is_unique: false },
    ]);
  });

  it('finds missing types, duplicate names and identity on a non-integer', () => {
    expect(columnsProblem([newColumn({ name: 'a' })])).toBe('Please choose a type for the column "a"');
    expect(columnsProblem([newColumn({ name: 'a', type: 'text' }), newColumn({ name: 'a', type: 'int4' })])).toBe('The column name "a" is used twice');
    expect(columnsProblem([newColumn({ name: 'a', type: 'text', isIdentity: true })])).toBe('Only integer columns can be identity columns ("a")');
  });

  it('sends only what changed on a column, dropping a cleared default', () => {
    const original = column({ default_value: "'draft'::text", is_nullable: true });
    const values = { ...columnFromExisting(original), defaultValue: '', isNullable: false, name: 'status' };
    expect(columnChanges(original, values)).toEqual({ name: 'status', drop_default: true, is_nullable: false });
    expect(columnChanges(original, columnFromExisting(original))).toEqual({});
  });
});

describe('schema visualizer layout', () => {
  it('links foreign keys between drawn tables only', () => {
    const base: Omit<Table, 'id' | 'schema' | 'name'> = {
      type: 'table', rls_enabled: false, rls_forced: false, replica_identity: 'DEFAULT', bytes: 0, size: '0', live_rows_estimate: 0, dead_rows_estimate: 0, comment: null, primary_keys: [],
    };
    const rel = (target: string) => ({
      id: 9, constraint_name: 'fk', source_schema: 'public', source_table_name: 'posts', source_column_name: 'author',
      target_table_schema: 'public', target_table_name: target, target_column_name: 'id', update_action: 'NO ACTION', delete_action: 'NO ACTION',
    } as const);
    const tables: Table[] = [
      { ...base, id: 1, schema: 'public', name: 'posts', columns: [column({ name: 'id' }), column({ name: 'author' })], relationships: [rel('profiles'), { ...rel('users'), id: 10, target_table_schema: 'auth' }] },
      { ...base, id: 2, schema: 'public', name: 'profiles', columns: [column({ name: 'id' })], relationships: [rel('profiles')] },
    ];
    const boxes = layoutBoxes(tables);
    expect(boxes.map((b) => [b.x, b.y])).toEqual([[0, 0], [0, 34 + 2 * 24 + 40]]);
    const links = layoutLinks(boxes);
    expect(links).toHaveLength(1);
    expect(links[0].label).toBe('posts.author → profiles.id');
  });
});

describe('functions', () => {
  it('validates and sends only changed fields', () => {
    const fn = {
      id: 1, schema: 'public', name: 'f', language: 'plpgsql', definition: 'begin return 1; end;', complete_statement: '', args: [{ mode: 'in', name: 'a', type_id: 23, type: 'integer' }],
      argument_types: 'a integer', identity_argument_types: 'a integer', return_type: 'integer', return_type_id: 23, is_set_returning_function: false,
      behavior: 'VOLATILE', security_definer: false, config_params: null, comment: null,
    } as const;
    const values = formFromFunction({ ...fn, args: [...fn.args] });
    expect(functionProblem({ ...values, name: '' })).toBe('Please provide a function name');
    expect(functionChanges({ ...fn, args: [...fn.args] }, { ...values, behavior: 'STABLE' })).toEqual({ behavior: 'STABLE' });
  });
});
