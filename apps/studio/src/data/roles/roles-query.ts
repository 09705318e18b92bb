import { useQuery } from '@tanstack/react-query';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { DatabaseRole } from '../pg-meta/types.ts';
import { databaseRoleKeys } from './keys.ts';

/**
 * The project database's roles. `excludeSystem` gives the choices for a policy's "Applied to"
 * (the spec: system roles are excluded from role choices).
 */
export function useDatabaseRolesQuery(ref: string | undefined, { excludeSystem = false }: { excludeSystem?: boolean } = {}) {
  return useQuery({
    queryKey: databaseRoleKeys.list(ref, excludeSystem),
    queryFn: ({ signal }) =>
      listAll<DatabaseRole>(ref ?? '', 'roles', { signal, query: { exclude_system_roles: excludeSystem ? 'true' : undefined } }),
    enabled: !!ref,
    staleTime: 60_000,
    // Filtered here too: the server's flag is the rule, this keeps a stray system role out of choices.
    select: (roles: DatabaseRole[]) => (excludeSystem ? roles.filter((role) => !role.is_system) : roles),
  });
}
