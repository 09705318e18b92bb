import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Publication, PublicationUpdate } from '../pg-meta/types.ts';
import { publicationKeys } from './keys.ts';

export function usePublicationUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: PublicationUpdate }) => pgMetaApi.update<Publication>(ref, 'publications', id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.list(ref) }),
  });
}
