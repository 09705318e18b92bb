import { useMutation, useQueryClient } from '@tanstack/react-query';
import { querySql } from '../sql/execute-sql.ts';
import { tableRowKeys } from './keys.ts';
import type { RelationMeta } from './relation-sql.ts';
import { cellSql, deleteRowsSql, gridRowOf, insertRowSql, updateRowSql, type GridRow, type RowKey, type RowValues } from './rows-sql.ts';

function useRefreshRows(ref: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const key = query.queryKey;
        // Rows and counts of every relation, but not the (unchanged) relation metadata.
        return key[0] === 'projects' && key[1] === ref && key[2] === 'table-rows' && key[3] !== 'relation';
      },
    });
}

/** UPDATE ... WHERE <primary key> RETURNING the row as the grid shows it. */
export function useRowUpdateMutation(ref: string, meta: RelationMeta) {
  const refresh = useRefreshRows(ref);
  return useMutation({
    mutationFn: async ({ key, values }: { key: RowKey; values: RowValues }): Promise<GridRow | null> => {
      const records = await querySql<Record<string, unknown>>(ref, updateRowSql(meta, key, values));
      return records[0] ? gridRowOf(records[0], meta.columns) : null;
    },
    onSuccess: () => refresh(),
  });
}

export function useRowInsertMutation(ref: string, meta: RelationMeta) {
  const refresh = useRefreshRows(ref);
  return useMutation({
    mutationFn: async ({ values }: { values: RowValues }): Promise<GridRow | null> => {
      const records = await querySql<Record<string, unknown>>(ref, insertRowSql(meta, values));
      return records[0] ? gridRowOf(records[0], meta.columns) : null;
    },
    onSuccess: () => refresh(),
  });
}

export function useRowsDeleteMutation(ref: string, meta: RelationMeta) {
  const refresh = useRefreshRows(ref);
  return useMutation({
    mutationFn: ({ keys }: { keys: RowKey[] }) => querySql(ref, deleteRowsSql(meta, keys)),
    onSuccess: () => refresh(),
  });
}

/** The whole value of a cell the grid shows cut short. */
export async function fetchCellValue(ref: string, meta: RelationMeta, key: RowKey, column: string): Promise<string | null> {
  const rows = await querySql<{ value: string | null }>(ref, cellSql(meta, key, column));
  return rows[0]?.value ?? null;
}
