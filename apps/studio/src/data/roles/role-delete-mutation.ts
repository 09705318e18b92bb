import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { DatabaseRole } from '../pg-meta/types.ts';
import { databaseRoleKeys } from './keys.ts';

export function useDatabaseRoleDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => pgMetaApi.remove<DatabaseRole>(ref, 'roles', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseRoleKeys.all(ref) }),
  });
}
