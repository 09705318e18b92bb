import type { RowsQuery } from './rows-sql.ts';

export const tableRowKeys = {
  /** Invalidate this after any row change of the project. */
  all: (ref: string | undefined) => ['projects', ref, 'table-rows'] as const,
  relation: (ref: string | undefined, id: number | undefined) => ['projects', ref, 'table-rows', 'relation', id] as const,
  rows: (ref: string | undefined, id: number | undefined, query: RowsQuery) => ['projects', ref, 'table-rows', 'rows', id, query] as const,
  count: (ref: string | undefined, id: number | undefined, filters: RowsQuery['filters']) =>
    ['projects', ref, 'table-rows', 'count', id, filters] as const,
  lookup: (ref: string | undefined, schema: string, table: string, column: string, search: string) =>
    ['projects', ref, 'table-rows', 'lookup', { schema, table, column, search }] as const,
};
