import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { LogsQuery, LogsQueryResult, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { logsKeys } from './keys.ts';
import { dedupeRows, olderPageEnd, type LogRow } from './log-rows.ts';

/**
 * GET /api/platform/projects/{ref}/analytics/endpoints/logs.all: SQL over the project's log sources,
 * scoped by the server to the project and the range. A query the server refuses answers 200 with
 * `error` (shown next to the editor), so only transport and permission failures throw.
 */
export function getLogs(ref: string, request: LogsQuery, signal?: AbortSignal): Promise<LogsQueryResult> {
  return api.get<ResponseOf<'logsQuery'>>(`/projects/${encodeURIComponent(ref)}/analytics/endpoints/logs.all`, {
    query: { sql: request.sql, iso_timestamp_start: request.iso_timestamp_start, iso_timestamp_end: request.iso_timestamp_end },
    signal,
  });
}

export interface LogsPagesOptions {
  /**
   * Rows one page asks for (the SQL's own LIMIT). A shorter page means the range holds nothing
   * older; without it (the explorer's free SQL) "Load older" stays offered until a page adds nothing.
   */
  pageSize?: number;
  enabled?: boolean;
}

/**
 * A query and its older pages: "Load older" runs the same SQL again with the range's end moved to
 * the oldest timestamp shown (the start stays), so a newest-first query walks back through time.
 */
export function useLogsPagesQuery(ref: string | undefined, request: LogsQuery | null, { pageSize, enabled = true }: LogsPagesOptions = {}) {
  return useInfiniteQuery({
    queryKey: logsKeys.query(ref, request),
    queryFn: ({ signal, pageParam }) => getLogs(ref ?? '', { ...request!, iso_timestamp_end: pageParam ?? request!.iso_timestamp_end }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last, pages) => olderPageEnd(last, pages, request?.iso_timestamp_start, pageSize),
    enabled: enabled && !!ref && !!request,
    // A run shows what was there when it ran; Run again (or live tail) asks for newer entries.
    staleTime: Infinity,
    // A new run or filter keeps the rows in view until its answer comes, rather than blanking the page.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every row of every page, once each (pages overlap by a millisecond so none is missed). */
export function rowsOf(data: InfiniteData<LogsQueryResult> | undefined): LogRow[] {
  return dedupeRows((data?.pages ?? []).flatMap((page) => page.result ?? []));
}
