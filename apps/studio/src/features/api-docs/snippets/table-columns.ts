/** Which of a table's columns each example uses, so the examples make sense and run. */
import type { DocsColumn, DocsTable } from '../../../data/api-docs/openapi.ts';
import { isArrayColumn, isEquatableColumn, isJsonColumn, isOrderedColumn, isTextColumn } from './example-values.ts';

export interface ExampleColumns {
  /** Compared with eq / neq / in / or. */
  equatable: DocsColumn | null;
  /** Compared with gt / lt / gte / lte. */
  ordered: DocsColumn | null;
  /** Matched with like / ilike. */
  text: DocsColumn | null;
  /** Tested with is.null: a column that may be empty, if any. */
  nullable: DocsColumn | null;
  array: DocsColumn | null;
  /** Sent on insert: every column that must be given, or one that may be. */
  insert: DocsColumn[];
  /** Changed by the update example. */
  update: DocsColumn | null;
  /** A few columns for the "specific columns" example. */
  some: DocsColumn[];
}

function prefer(columns: DocsColumn[], ...tests: ((column: DocsColumn) => boolean)[]): DocsColumn | null {
  for (const test of tests) {
    const found = columns.find(test);
    if (found) return found;
  }
  return null;
}

const isPlainNumberOrDate = (column: DocsColumn) => isOrderedColumn(column) && !isTextColumn(column);

export function exampleColumns(table: DocsTable): ExampleColumns {
  const columns = table.columns;
  // Views carry no primary key note; their `id` is almost always the base table's generated key,
  // and sending it would collide with an existing row.
  const hasMarkedKey = columns.some((column) => column.isPrimaryKey);
  const isKey = (column: DocsColumn) => column.isPrimaryKey || (!hasMarkedKey && column.name === 'id');
  const notKey = columns.filter((column) => !isKey(column));
  // Optional extras on insert must not break it: no keys, no references, nothing with a default.
  const optionalExtra = notKey.find((column) => !column.isRequired && !column.hasDefault && !column.foreignKey && !isJsonColumn(column));
  const required = columns.filter((column) => column.isRequired && !column.hasDefault);
  return {
    equatable: prefer(columns, (c) => isTextColumn(c) && !isKey(c), isTextColumn, isEquatableColumn),
    ordered: prefer(columns, (c) => isPlainNumberOrDate(c) && !isKey(c), isPlainNumberOrDate, isOrderedColumn),
    text: prefer(columns, isTextColumn),
    nullable: prefer(columns, (c) => !c.isRequired && !isKey(c) && !isArrayColumn(c), (c) => !c.isRequired),
    array: prefer(columns, isArrayColumn),
    insert: required.length > 0 ? [...required, ...(optionalExtra && required.length < 3 ? [optionalExtra] : [])] : optionalExtra ? [optionalExtra] : [],
    update: prefer(notKey, (c) => isTextColumn(c) && !c.foreignKey, (c) => isEquatableColumn(c) && !c.foreignKey, (c) => !c.foreignKey) ?? prefer(columns, () => true),
    some: columns.slice(0, 3),
  };
}
