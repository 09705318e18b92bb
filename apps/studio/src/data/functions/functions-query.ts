import { useQuery } from '@tanstack/react-query';
import { ALL_SCHEMAS } from '../../components/ui/schema-picker.tsx';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { PgFunction } from '../pg-meta/types.ts';
import { functionKeys } from './keys.ts';

export function useFunctionsQuery(ref: string | undefined, schema: string | undefined) {
  return useQuery({
    queryKey: functionKeys.list(ref, schema),
    queryFn: ({ signal }) =>
      listAll<PgFunction>(ref ?? '', 'functions', { signal, query: { included_schemas: schema && schema !== ALL_SCHEMAS ? schema : undefined } }),
    enabled: !!ref && !!schema,
  });
}
