import { useQuery } from '@tanstack/react-query';
import { querySql } from '../sql/execute-sql.ts';
import { tableRowKeys } from './keys.ts';
import { lookupRowsSql } from './rows-sql.ts';

export interface LookupRow {
  value: string | null;
  preview: string;
}

/** Candidate values for a foreign-key column: rows of the referenced table, searchable. */
export function useForeignKeyLookupQuery(ref: string | undefined, target: { schema: string; table: string; column: string } | null, search: string) {
  return useQuery({
    queryKey: tableRowKeys.lookup(ref, target?.schema ?? '', target?.table ?? '', target?.column ?? '', search.trim()),
    queryFn: ({ signal }) => querySql<LookupRow>(ref ?? '', lookupRowsSql(target!, search), signal),
    enabled: !!ref && !!target,
  });
}
