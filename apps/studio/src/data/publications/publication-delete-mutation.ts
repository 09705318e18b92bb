import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Publication } from '../pg-meta/types.ts';
import { publicationKeys } from './keys.ts';

export function usePublicationDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => pgMetaApi.remove<Publication>(ref, 'publications', id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.list(ref) }),
  });
}
