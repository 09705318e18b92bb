import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { PgType, TypeCreate } from '../pg-meta/types.ts';
import { enumTypeKeys } from './keys.ts';

export function useEnumTypeCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TypeCreate) => pgMetaApi.create<PgType>(ref, 'types', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enumTypeKeys.all(ref) }),
  });
}
