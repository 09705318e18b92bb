import { useQuery } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Table } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

/** One table with its columns, primary keys and relationships. */
export function useTableQuery(ref: string | undefined, id: number | undefined) {
  return useQuery({
    queryKey: tableKeys.detail(ref, id),
    queryFn: ({ signal }) => pgMetaApi.get<Table>(ref ?? '', 'tables', id ?? 0, { signal }),
    enabled: !!ref && id !== undefined,
  });
}
