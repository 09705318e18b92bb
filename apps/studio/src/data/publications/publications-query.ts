import { useQuery } from '@tanstack/react-query';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { Publication } from '../pg-meta/types.ts';
import { publicationKeys } from './keys.ts';

export function usePublicationsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: publicationKeys.list(ref),
    queryFn: ({ signal }) => listAll<Publication>(ref ?? '', 'publications', { signal }),
    enabled: !!ref,
  });
}
