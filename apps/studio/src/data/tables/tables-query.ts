import { useQuery } from '@tanstack/react-query';
import { ALL_SCHEMAS } from '../../components/ui/schema-picker.tsx';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { Table } from '../pg-meta/types.ts';
import { tableKeys } from './keys.ts';

interface TablesQueryOptions {
  /** With columns and relationships (the schema visualizer, foreign-key pickers). */
  withColumns?: boolean;
  enabled?: boolean;
}

/** The tables of one schema (or of every schema for ALL_SCHEMAS), sorted by schema then name. */
export function useTablesQuery(ref: string | undefined, schema: string | undefined, { withColumns = false, enabled = true }: TablesQueryOptions = {}) {
  return useQuery({
    queryKey: tableKeys.list(ref, schema, withColumns),
    queryFn: ({ signal }) =>
      listAll<Table>(ref ?? '', 'tables', {
        signal,
        query: {
          included_schemas: schema && schema !== ALL_SCHEMAS ? schema : undefined,
          include_columns: withColumns ? 'true' : undefined,
        },
      }),
    enabled: enabled && !!ref && !!schema,
  });
}
