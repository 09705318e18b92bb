import { useQuery } from '@tanstack/react-query';
import { ALL_SCHEMAS } from '../../components/ui/schema-picker.tsx';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { Trigger } from '../pg-meta/types.ts';
import { triggerKeys } from './keys.ts';

export function useTriggersQuery(ref: string | undefined, schema: string | undefined) {
  return useQuery({
    queryKey: triggerKeys.list(ref, schema),
    queryFn: ({ signal }) =>
      listAll<Trigger>(ref ?? '', 'triggers', { signal, query: { included_schemas: schema && schema !== ALL_SCHEMAS ? schema : undefined } }),
    enabled: !!ref && !!schema,
  });
}
