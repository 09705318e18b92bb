import { useMemo } from 'react';
import type { LogsQuery } from '@plinth/api-contract';
import type { LogRow } from '../../data/logs/log-rows.ts';
import { useLogsPagesQuery } from '../../data/logs/logs-query.ts';
import type { ReportRange } from './report-range.ts';

const NO_ROWS: LogRow[] = [];

/**
 * One log query of a report over the report's range, through the logs explorer's own query (and
 * cache). Report queries aggregate, so only the first page is read; its rows are the answer.
 */
export function useReportLogs(projectRef: string, sql: string, range: Pick<ReportRange, 'start' | 'end'>, enabled = true) {
  const request = useMemo<LogsQuery>(() => ({ sql, iso_timestamp_start: range.start, iso_timestamp_end: range.end }), [sql, range.start, range.end]);
  const query = useLogsPagesQuery(projectRef, request, { enabled });
  const first = query.data?.pages[0];
  const rows: LogRow[] = first?.result ?? NO_ROWS;
  return {
    query,
    rows,
    /** The server refused or failed the query (shown in the panel, as the explorer shows it under the editor). */
    queryError: first?.error ?? null,
    isTruncated: first?.is_truncated === true,
  };
}

export type ReportLogs = ReturnType<typeof useReportLogs>;
