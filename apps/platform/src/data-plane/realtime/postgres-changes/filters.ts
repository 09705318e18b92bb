/**
 * realtime-js filters on Postgres changes: `column=op.value` with eq, neq, lt, lte, gt, gte and
 * in.(a,b,...). Compared with the value as it arrives in the record: numerically where the record
 * holds a number, as text otherwise (ISO timestamps and dates order correctly as text).
 */
import { PlinthError } from '@plinth/errors';

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ChangeFilter {
  column: string;
  operator: FilterOperator;
  /** One value, or the list of `in`. */
  values: string[];
}

const FILTER = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s;
const MAX_IN_VALUES = 100;

/** Splits `a,"b,c",d` as realtime does: commas separate, double quotes keep commas. */
function inValues(list: string): string[] {
  const inner = /^\((.*)\)$/s.exec(list)?.[1];
  if (inner === undefined) throw new PlinthError('validation_failed', 'An in filter lists its values in parentheses: column=in.(a,b)');
  const values = (inner.match(/"([^"]*)"|[^,]+/g) ?? []).map((v) => v.trim().replace(/^"(.*)"$/s, '$1'));
  if (values.length > MAX_IN_VALUES) throw new PlinthError('validation_failed', `An in filter takes at most ${MAX_IN_VALUES} values`);
  return values;
}

export function parseFilter(filter: string): ChangeFilter {
  const match = FILTER.exec(filter.trim());
  if (!match) throw new PlinthError('validation_failed', `Unknown filter "${filter}": use column=eq.value (eq, neq, lt, lte, gt, gte, in)`);
  const [, column, operator, value] = match;
  return { column: column.trim(), operator: operator as FilterOperator, values: operator === 'in' ? inValues(value) : [value] };
}

function compare(actual: unknown, expected: string): number | null {
  if (actual === null || actual === undefined) return null;
  if (typeof actual === 'number') {
    const wanted = Number(expected);
    return Number.isNaN(wanted) ? null : actual - wanted;
  }
  const text = typeof actual === 'string' ? actual : typeof actual === 'boolean' ? String(actual) : JSON.stringify(actual);
  return text < expected ? -1 : text > expected ? 1 : 0;
}

/** Whether a record passes the filter; a missing or null column passes no filter but neq. */
export function matchesFilter(filter: ChangeFilter, record: Record<string, unknown>): boolean {
  const actual = record[filter.column];
  if (filter.operator === 'in') return filter.values.some((value) => compare(actual, value) === 0);
  const order = compare(actual, filter.values[0]);
  if (order === null) return filter.operator === 'neq';
  switch (filter.operator) {
    case 'eq': return order === 0;
    case 'neq': return order !== 0;
    case 'lt': return order < 0;
    case 'lte': return order <= 0;
    case 'gt': return order > 0;
    case 'gte': return order >= 0;
  }
}
