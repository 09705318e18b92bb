/**
 * Example values by Postgres type, so every generated snippet sends values the column accepts.
 * Two variants give distinct rows ("someValue" / "otherValue").
 */
import type { Example } from './format.ts';

export interface TypedName {
  name: string;
  type: string;
  format: string;
  enumValues: string[];
  itemFormat: string | null;
  maxLength?: number | null;
}

type Variant = 0 | 1;

const TEXT_FORMATS = new Set(['text', 'character varying', 'varchar', 'citext', 'name', 'character', 'bpchar', 'char']);
const INTEGER_FORMATS = new Set(['smallint', 'integer', 'bigint', 'int2', 'int4', 'int8']);
const DECIMAL_FORMATS = new Set(['number', 'numeric', 'real', 'double precision', 'float4', 'float8', 'money', 'decimal']);
const DATE_TIME_FORMATS = new Set(['timestamp with time zone', 'timestamp without time zone', 'timestamptz', 'timestamp', 'date', 'time with time zone', 'time without time zone', 'time']);

function baseFormat(column: Pick<TypedName, 'format'>): string {
  return column.format.replace(/\(.*\)$/, '').trim().toLowerCase();
}

export function isArrayColumn(column: Pick<TypedName, 'type' | 'format'>): boolean {
  return column.type === 'array' || column.format.endsWith('[]');
}

export function isJsonColumn(column: Pick<TypedName, 'format'>): boolean {
  const format = baseFormat(column);
  return format === 'json' || format === 'jsonb';
}

export function isTextColumn(column: TypedName): boolean {
  return !isArrayColumn(column) && column.enumValues.length === 0 && TEXT_FORMATS.has(baseFormat(column));
}

/** Compared with gt/lt in a way people expect (numbers, dates, text). */
export function isOrderedColumn(column: TypedName): boolean {
  if (isArrayColumn(column)) return false;
  const format = baseFormat(column);
  return INTEGER_FORMATS.has(format) || DECIMAL_FORMATS.has(format) || DATE_TIME_FORMATS.has(format) || isTextColumn(column);
}

/** Has an `=` operator and a plain text form in a URL (json, arrays, geometry and binary do not). */
export function isEquatableColumn(column: TypedName): boolean {
  if (isArrayColumn(column) || isJsonColumn(column)) return false;
  const format = baseFormat(column);
  if (column.enumValues.length > 0 || isOrderedColumn(column)) return true;
  return format === 'boolean' || format === 'uuid' || format === 'inet' || format === 'cidr';
}

function textExample(variant: Variant, maxLength: number | null | undefined, format: string): string {
  const text = format === 'character' || format === 'bpchar' || format === 'char' ? (variant === 0 ? 'a' : 'b') : variant === 0 ? 'someValue' : 'otherValue';
  return maxLength && maxLength > 0 ? text.slice(0, maxLength) : text;
}

function scalarExample(format: string, variant: Variant, column: Pick<TypedName, 'maxLength'>): Example {
  if (INTEGER_FORMATS.has(format)) return variant === 0 ? 1 : 2;
  if (DECIMAL_FORMATS.has(format)) return variant === 0 ? 1.5 : 2.5;
  switch (format) {
    case 'boolean':
      return variant === 0;
    case 'uuid':
      return variant === 0 ? '4f8b5c3e-2a1d-4e6f-9b7a-0c1d2e3f4a5b' : '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    case 'timestamp with time zone':
    case 'timestamptz':
      return variant === 0 ? '2025-01-01T12:00:00+00:00' : '2025-01-02T12:00:00+00:00';
    case 'timestamp without time zone':
    case 'timestamp':
      return variant === 0 ? '2025-01-01T12:00:00' : '2025-01-02T12:00:00';
    case 'date':
      return variant === 0 ? '2025-01-01' : '2025-01-02';
    case 'time with time zone':
    case 'time without time zone':
    case 'time':
      return variant === 0 ? '12:00:00' : '13:30:00';
    case 'interval':
      return variant === 0 ? '1 day' : '2 hours';
    case 'json':
    case 'jsonb':
      return { key: variant === 0 ? 'value' : 'otherValue' };
    case 'inet':
    case 'cidr':
      return variant === 0 ? '127.0.0.1' : '10.0.0.1';
    case 'macaddr':
      return '08:00:2b:01:02:03';
    case 'bytea':
      return variant === 0 ? '\\x0102' : '\\x0304';
    case 'point':
      return variant === 0 ? '(1,2)' : '(3,4)';
    default:
      return textExample(variant, column.maxLength, format);
  }
}

export function exampleValue(column: TypedName, variant: Variant = 0): Example {
  if (column.enumValues.length > 0) return column.enumValues[variant % column.enumValues.length];
  if (isArrayColumn(column)) {
    // The array's own format ("integer[]") names the element type more precisely than items.type.
    const item = (column.format.endsWith('[]') ? column.format.slice(0, -2) : (column.itemFormat ?? 'text')).toLowerCase();
    return [scalarExample(item, variant, {}) as Exclude<Example, Example[]>];
  }
  return scalarExample(baseFormat(column), variant, column);
}
