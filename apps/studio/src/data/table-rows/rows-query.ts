import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { querySql } from '../sql/execute-sql.ts';
import { tableRowKeys } from './keys.ts';
import type { RelationMeta } from './relation-sql.ts';
import { COUNT_CAP, countRowsSql, gridRowOf, selectRowsSql, type GridRow, type RowsQuery } from './rows-sql.ts';

/** One page of rows; the previous page stays on screen while the next one loads. */
export function useTableRowsQuery(ref: string | undefined, meta: RelationMeta | null | undefined, query: RowsQuery) {
  return useQuery({
    queryKey: tableRowKeys.rows(ref, meta?.id, query),
    queryFn: async ({ signal }): Promise<GridRow[]> => {
      if (!meta) return [];
      const records = await querySql<Record<string, unknown>>(ref ?? '', selectRowsSql(meta, query), signal);
      return records.map((record) => gridRowOf(record, meta.columns));
    },
    enabled: !!ref && !!meta,
    placeholderData: keepPreviousData,
  });
}

export interface RowCount {
  count: number;
  /** True when the table holds more than COUNT_CAP matching rows and `count` is the catalog estimate. */
  isEstimate: boolean;
}

export function useTableRowCountQuery(ref: string | undefined, meta: RelationMeta | null | undefined, filters: RowsQuery['filters']) {
  return useQuery({
    queryKey: tableRowKeys.count(ref, meta?.id, filters),
    queryFn: async ({ signal }): Promise<RowCount> => {
      if (!meta) return { count: 0, isEstimate: false };
      const rows = await querySql<{ count: number | string }>(ref ?? '', countRowsSql(meta, filters), signal);
      const count = Number(rows[0]?.count ?? 0);
      if (count <= COUNT_CAP) return { count, isEstimate: false };
      return { count: Math.max(meta.estimatedRows, count), isEstimate: true };
    },
    enabled: !!ref && !!meta,
    placeholderData: keepPreviousData,
  });
}
