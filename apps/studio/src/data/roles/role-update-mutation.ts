import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { DatabaseRole, DatabaseRoleCreate } from '../pg-meta/types.ts';
import { databaseRoleKeys } from './keys.ts';

export function useDatabaseRoleUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<DatabaseRoleCreate> }) => pgMetaApi.update<DatabaseRole>(ref, 'roles', id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseRoleKeys.all(ref) }),
  });
}
