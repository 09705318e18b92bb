import { useQuery } from '@tanstack/react-query';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { Migration } from '../pg-meta/types.ts';
import { migrationKeys } from './keys.ts';

/** The history in supabase_migrations.schema_migrations, oldest first. */
export function useMigrationsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: migrationKeys.list(ref),
    queryFn: ({ signal }) => listAll<Migration>(ref ?? '', 'migrations', { signal }),
    enabled: !!ref,
  });
}
