import { useQuery } from '@tanstack/react-query';
import { jsonValue, querySql } from '../sql/execute-sql.ts';
import { tableRowKeys } from './keys.ts';
import { relationMetaSql, type RelationMeta } from './relation-sql.ts';

/** Columns, keys and kind of the relation with this id; null when it does not exist (any more). */
export function useRelationQuery(ref: string | undefined, id: number | undefined) {
  return useQuery({
    queryKey: tableRowKeys.relation(ref, id),
    queryFn: async ({ signal }) => {
      const rows = await querySql<{ relation: unknown }>(ref ?? '', relationMetaSql(id ?? 0), signal);
      return rows[0] ? jsonValue<RelationMeta | null>(rows[0].relation, null) : null;
    },
    enabled: !!ref && id !== undefined && Number.isFinite(id),
  });
}
