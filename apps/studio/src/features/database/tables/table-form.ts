/**
 * The table and column editors' rules, pure so they are unit tested: validation messages and the
 * payloads pg-meta expects.
 */
import type { ColumnDefinition, ColumnUpdate, Column, DefaultValueFormat } from '../../../data/pg-meta/types.ts';
import { canBeIdentity } from './column-types.ts';

/** Postgres cuts identifiers at 63 bytes (NAMEDATALEN - 1); longer names are refused, not cut. */
export const MAX_IDENTIFIER_BYTES = 63;
const encoder = new TextEncoder();

export function identifierProblem(name: string, what: string): string | null {
  if (name.trim() === '') return `Please provide a ${what}`;
  if (name !== name.trim()) return `The ${what} cannot start or end with spaces`;
  const bytes = encoder.encode(name).length;
  if (bytes > MAX_IDENTIFIER_BYTES) return `The ${what} is too long: at most ${MAX_IDENTIFIER_BYTES} bytes (this one is ${bytes})`;
  return null;
}

export interface ColumnFormValues {
  /** Stable key for React lists of new columns. */
  key: string;
  name: string;
  type: string;
  defaultValue: string;
  defaultFormat: DefaultValueFormat;
  isNullable: boolean;
  isUnique: boolean;
  isPrimaryKey: boolean;
  isIdentity: boolean;
  check: string;
  comment: string;
  /** A foreign key to add with the column: referenced table id and column. */
  foreignKey: { tableId: number; column: string; onDelete: ForeignKeyActionValue } | null;
}

export type ForeignKeyActionValue = 'NO ACTION' | 'RESTRICT' | 'CASCADE' | 'SET NULL' | 'SET DEFAULT';

let nextKey = 0;
export function newColumn(values: Partial<ColumnFormValues> = {}): ColumnFormValues {
  nextKey += 1;
  return {
    key: `col-${nextKey}`,
    name: '',
    type: '',
    defaultValue: '',
    defaultFormat: 'literal',
    isNullable: true,
    isUnique: false,
    isPrimaryKey: false,
    isIdentity: false,
    check: '',
    comment: '',
    foreignKey: null,
    ...values,
  };
}

/** The columns a new table starts with, as most apps want them. */
export function defaultNewTableColumns(): ColumnFormValues[] {
  return [
    newColumn({ name: 'id', type: 'int8', isPrimaryKey: true, isIdentity: true, isNullable: false }),
    newColumn({ name: 'created_at', type: 'timestamptz', defaultValue: 'now()', defaultFormat: 'expression', isNullable: false }),
  ];
}

export function columnFromExisting(column: Column): ColumnFormValues {
  return newColumn({
    name: column.name,
    type: column.data_type,
    defaultValue: column.default_value ?? '',
    defaultFormat: 'expression',
    isNullable: column.is_nullable,
    isUnique: column.is_unique,
    isPrimaryKey: column.is_primary_key,
    isIdentity: column.is_identity,
    check: column.check ?? '',
    comment: column.comment ?? '',
  });
}

/** The first problem of one column, or null. */
export function columnProblem(column: ColumnFormValues): string | null {
  const nameProblem = identifierProblem(column.name, 'column name');
  if (nameProblem) return nameProblem;
  if (column.type.trim() === '') return `Please choose a type for the column "${column.name}"`;
  if (column.isIdentity && !canBeIdentity(column.type)) return `Only integer columns can be identity columns ("${column.name}")`;
  if (column.isIdentity && column.defaultValue.trim() !== '') return `An identity column cannot also have a default value ("${column.name}")`;
  return null;
}

export function columnsProblem(columns: ColumnFormValues[]): string | null {
  const seen = new Set<string>();
  for (const column of columns) {
    const problem = columnProblem(column);
    if (problem) return problem;
    if (seen.has(column.name)) return `The column name "${column.name}" is used twice`;
    seen.add(column.name);
  }
  return null;
}

export function columnDefinition(column: ColumnFormValues): ColumnDefinition {
  const hasDefault = column.defaultValue.trim() !== '' && !column.isIdentity;
  return {
    name: column.name,
    type: column.type.trim(),
    ...(hasDefault ? { default_value: column.defaultValue, default_value_format: column.defaultFormat } : {}),
    ...(column.isIdentity ? { is_identity: true, identity_generation: 'BY DEFAULT' as const } : {}),
    is_nullable: column.isPrimaryKey ? false : column.isNullable,
    is_primary_key: column.isPrimaryKey,
    is_unique: column.isUnique,
    ...(column.check.trim() ? { check: column.check.trim() } : {}),
    ...(column.comment.trim() ? { comment: column.comment.trim() } : {}),
  };
}

/** Only what changed on an existing column. */
export function columnChanges(original: Column, values: ColumnFormValues): ColumnUpdate {
  const changes: ColumnUpdate = {};
  if (values.name !== original.name) changes.name = values.name;
  if (values.type.trim() !== original.data_type) changes.type = values.type.trim();
  const originalDefault = original.default_value ?? '';
  if (!values.isIdentity && values.defaultValue !== originalDefault) {
    if (values.defaultValue.trim() === '') changes.drop_default = true;
    else {
      changes.default_value = values.defaultValue;
      changes.default_value_format = values.defaultFormat;
    }
  }
  if (values.isNullable !== original.is_nullable) changes.is_nullable = values.isNullable;
  if (values.isUnique !== original.is_unique) changes.is_unique = values.isUnique;
  if (values.isIdentity !== original.is_identity) changes.is_identity = values.isIdentity;
  if (values.check.trim() !== (original.check ?? '')) changes.check = values.check.trim() || null;
  if (values.comment.trim() !== (original.comment ?? '')) changes.comment = values.comment.trim() || null;
  return changes;
}
