import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Extension } from '../pg-meta/types.ts';

export function useExtensionDisableMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, cascade }: { name: string; cascade?: boolean }) =>
      pgMetaApi.remove<Extension>(ref, 'extensions', name, { cascade: cascade ? 'true' : undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', ref] }),
  });
}
