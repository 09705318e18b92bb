import { useQuery } from '@tanstack/react-query';
import { ALL_SCHEMAS } from '../../components/ui/schema-picker.tsx';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { Policy } from '../pg-meta/types.ts';
import { policyKeys } from './keys.ts';

/** The RLS policies of one schema's tables (all schemas for ALL_SCHEMAS). */
export function usePoliciesQuery(ref: string | undefined, schema: string | undefined) {
  return useQuery({
    queryKey: policyKeys.list(ref, schema),
    queryFn: ({ signal }) =>
      listAll<Policy>(ref ?? '', 'policies', { signal, query: { included_schemas: schema && schema !== ALL_SCHEMAS ? schema : undefined } }),
    enabled: !!ref && !!schema,
  });
}
