import { useInfiniteQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { ENTITY_PAGE_SIZE, type EntityPage, type EntitySort } from './entity-types.ts';
import { entityKeys } from './keys.ts';

/**
 * The sidebar's infinite list: GET /pg-meta/{ref}/entities, 100 entities per page, with the total
 * for 'Tables (count)'. The search term is trimmed (spec §5).
 */
export function useEntitiesQuery(ref: string | undefined, { schema, search, sort, enabled = true }: { schema: string; search: string; sort: EntitySort; enabled?: boolean }) {
  const term = search.trim();
  return useInfiniteQuery({
    queryKey: entityKeys.list(ref, schema, term, sort),
    queryFn: ({ signal, pageParam }): Promise<EntityPage> =>
      api.get<ResponseOf<'pgMetaEntities'>>(`/pg-meta/${encodeURIComponent(ref ?? '')}/entities`, {
        signal,
        query: { included_schemas: schema, search: term || undefined, sort, limit: ENTITY_PAGE_SIZE, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.entities.length, 0);
      return last.entities.length === ENTITY_PAGE_SIZE && loaded < last.count ? loaded : undefined;
    },
    enabled: enabled && !!ref && !!schema,
  });
}
