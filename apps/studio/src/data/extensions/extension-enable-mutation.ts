import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Extension } from '../pg-meta/types.ts';

/** CREATE EXTENSION; Supabase projects keep extensions in the `extensions` schema. */
export function useExtensionEnableMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; schema?: string; cascade?: boolean }) => pgMetaApi.create<Extension>(ref, 'extensions', body),
    // An extension brings functions, types and sometimes schemas.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', ref] }),
  });
}
