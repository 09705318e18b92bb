import { useQuery } from '@tanstack/react-query';
import { ALL_SCHEMAS } from '../../components/ui/schema-picker.tsx';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { PgType } from '../pg-meta/types.ts';
import { enumTypeKeys } from './keys.ts';

/** User-defined types of a schema (enums and composites). */
export function useEnumTypesQuery(ref: string | undefined, schema: string | undefined) {
  return useQuery({
    queryKey: enumTypeKeys.list(ref, schema),
    queryFn: ({ signal }) =>
      listAll<PgType>(ref ?? '', 'types', { signal, query: { included_schemas: schema && schema !== ALL_SCHEMAS ? schema : undefined } }),
    enabled: !!ref && !!schema,
  });
}

/** Enum names usable as column types; qualified outside public so the type resolves anywhere. */
export function useEnumTypeNames(ref: string | undefined, schema: string | undefined): string[] {
  const types = useEnumTypesQuery(ref, schema);
  return (types.data ?? []).filter((t) => t.format === 'enum').map((t) => (t.schema === 'public' ? t.name : `${t.schema}.${t.name}`));
}
