import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Publication, PublicationCreate } from '../pg-meta/types.ts';
import { publicationKeys } from './keys.ts';

export function usePublicationCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicationCreate) => pgMetaApi.create<Publication>(ref, 'publications', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.list(ref) }),
  });
}
