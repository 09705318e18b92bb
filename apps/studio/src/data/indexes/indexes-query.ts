import { useQuery } from '@tanstack/react-query';
import { ALL_SCHEMAS } from '../../components/ui/schema-picker.tsx';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { Index } from '../pg-meta/types.ts';
import { indexKeys } from './keys.ts';

export function useIndexesQuery(ref: string | undefined, schema: string | undefined) {
  return useQuery({
    queryKey: indexKeys.list(ref, schema),
    queryFn: ({ signal }) =>
      listAll<Index>(ref ?? '', 'indexes', { signal, query: { included_schemas: schema && schema !== ALL_SCHEMAS ? schema : undefined } }),
    enabled: !!ref && !!schema,
  });
}
