import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Schema } from '../pg-meta/types.ts';
import { schemaKeys } from './keys.ts';

export function useSchemaCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name }: { name: string }) => pgMetaApi.create<Schema>(ref, 'schemas', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schemaKeys.list(ref) }),
  });
}
