import { useInfiniteQuery } from '@tanstack/react-query';
import type { FunctionLogEntry, FunctionLogSource, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { edgeFunctionKeys } from './keys.ts';

export const FUNCTION_LOGS_PAGE_SIZE = 50;

export function getFunctionLogs(ref: string, slug: string, source: FunctionLogSource, before: string | undefined, signal?: AbortSignal) {
  return api.get<ResponseOf<'functionLogs'>>(`/projects/${encodeURIComponent(ref)}/functions/${encodeURIComponent(slug)}/logs`, {
    query: { source, before, limit: FUNCTION_LOGS_PAGE_SIZE },
    signal,
  });
}

/**
 * GET .../functions/{slug}/logs?source=: newest first, a page at a time; the next page asks for
 * entries older than the last one shown ("Load older").
 */
export function useFunctionLogsQuery(ref: string | undefined, slug: string | undefined, source: FunctionLogSource) {
  return useInfiniteQuery({
    queryKey: edgeFunctionKeys.logs(ref, slug, source),
    queryFn: ({ signal, pageParam }) => getFunctionLogs(ref as string, slug as string, source, pageParam ?? undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.entries.length < FUNCTION_LOGS_PAGE_SIZE ? undefined : page.entries.at(-1)?.timestamp),
    enabled: !!ref && !!slug,
    // New entries arrive all the time: each visit to the tab reads them afresh.
    staleTime: 0,
  });
}

export function logEntriesOf(pages: { entries: FunctionLogEntry[] }[] | undefined): FunctionLogEntry[] {
  return pages?.flatMap((page) => page.entries) ?? [];
}
