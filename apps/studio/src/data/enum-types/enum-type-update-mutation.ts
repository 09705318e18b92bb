import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { PgType, TypeUpdate } from '../pg-meta/types.ts';
import { enumTypeKeys } from './keys.ts';

export function useEnumTypeUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: TypeUpdate }) => pgMetaApi.update<PgType>(ref, 'types', id, changes),
    // Columns show their enum labels, so tables refresh too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', ref] }),
  });
}
