import { useInfiniteQuery } from '@tanstack/react-query';
import type { ResponseOf, Snippet } from '@plinth/api-contract';
import { apiRootJson } from './api-root.ts';
import { contentKeys, type SnippetFilter } from './keys.ts';

export const SNIPPET_PAGE_SIZE = 100;

/** GET /api/projects/{ref}/content?type=sql (or log_sql) — one group of snippets, a page at a time. */
export function useSnippetsQuery(ref: string | undefined, filter: SnippetFilter) {
  return useInfiniteQuery({
    queryKey: contentKeys.list(ref, filter),
    queryFn: ({ signal, pageParam }) =>
      apiRootJson<ResponseOf<'contentList'>>(
        'GET',
        `/projects/${encodeURIComponent(ref ?? '')}/content`,
        {
          type: filter.type ?? 'sql',
          visibility: filter.visibility,
          favorite: filter.favorite === undefined ? undefined : String(filter.favorite),
          name: filter.name?.trim() || undefined,
          limit: SNIPPET_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.cursor,
    enabled: !!ref,
  });
}

export function snippetsOf(pages: { data: Snippet[] }[] | undefined): Snippet[] {
  return pages?.flatMap((page) => page.data) ?? [];
}
