import { useQuery } from '@tanstack/react-query';
import type { Schema } from '../pg-meta/types.ts';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import { schemaKeys } from './keys.ts';

export type { Schema };

/** Every non-system schema of the project, protected ones flagged (`is_protected`). */
export function useSchemasQuery(ref: string | undefined) {
  return useQuery({
    queryKey: schemaKeys.list(ref),
    queryFn: ({ signal }) => listAll<Schema>(ref ?? '', 'schemas', { signal }),
    enabled: !!ref,
    staleTime: 30_000,
  });
}

/** Names only, sorted, for the schema picker. */
export function useSchemaNames(ref: string | undefined): { names: string[]; isLoading: boolean; isError: boolean; refetch: () => void } {
  const query = useSchemasQuery(ref);
  return {
    names: (query.data ?? []).map((schema) => schema.name).sort((a, b) => a.localeCompare(b)),
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}
