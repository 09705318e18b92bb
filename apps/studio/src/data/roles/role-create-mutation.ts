import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { DatabaseRole, DatabaseRoleCreate } from '../pg-meta/types.ts';
import { databaseRoleKeys } from './keys.ts';

export function useDatabaseRoleCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DatabaseRoleCreate) => pgMetaApi.create<DatabaseRole>(ref, 'roles', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseRoleKeys.all(ref) }),
  });
}
