import { lazy, Suspense, useMemo, useState } from 'react';
import { AlertTriangle, ScrollText } from 'lucide-react';
import { LOG_QUERY_MAX_ROWS, type LogsQuery } from '@plinth/api-contract';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { rowKey, timeBounds, timestampMs, type LogRow } from '../../data/logs/log-rows.ts';
import { rowsOf, type useLogsPagesQuery } from '../../data/logs/logs-query.ts';
import { LoadOlderFooter } from './load-older-footer.tsx';
import { LogDetailPanel } from './log-detail-panel.tsx';
import { ResultsActions } from './results-actions.tsx';
import { ResultsTable } from './results-table.tsx';

// recharts is large: its chunk loads the first time a result has timestamps to chart.
const EventsHistogram = lazy(async () => ({ default: (await import('./events-histogram.tsx')).EventsHistogram }));

interface ExplorerResultsProps {
  projectRef: string;
  request: LogsQuery | null;
  query: ReturnType<typeof useLogsPagesQuery>;
}

function Hint({ children }: { children: string }) {
  return <p className="p-4 text-sm text-fg-subtle">{children}</p>;
}

/** The lower half of the explorer: histogram, rows with their details, copy/download and Load older. */
export function ExplorerResults({ projectRef, request, query }: ExplorerResultsProps) {
  const rows = useMemo(() => rowsOf(query.data), [query.data]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = useMemo(() => rows.find((row) => rowKey(row) === selectedKey) ?? null, [rows, selectedKey]);
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  const hasTimes = useMemo(() => timeBounds(rows) !== null, [rows]);

  if (!request) return <Hint>Choose a time range and press Run (Ctrl+Enter, Cmd+Enter on a Mac) to query the project’s logs.</Hint>;
  if (query.isLoading) return <SkeletonRows rows={4} className="p-4" />;
  if (query.isError) return <ErrorState className="m-4" error={query.error} title="Failed to run the query" onRetry={() => void query.refetch()} />;
  if (first?.error) return <Hint>The query did not run: the server’s message is under the editor.</Hint>;
  if (rows.length === 0) {
    return (
      <EmptyState
        className="m-4"
        icon={<ScrollText />}
        title="No results"
        description="Nothing in this time range matched the query. Choose a longer time range, or change the query."
        testId="logs-results-empty"
      />
    );
  }

  const startMs = timestampMs(first?.iso_timestamp_start ?? request.iso_timestamp_start) ?? 0;
  const endMs = timestampMs(first?.iso_timestamp_end ?? request.iso_timestamp_end) ?? Date.now();
  const isTruncated = pages.some((page) => page.is_truncated);
  const olderError = pages.at(-1)?.error;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="logs-results">
      <div className="flex shrink-0 flex-wrap items-center justify-between gap-2 border-b border-line px-3 py-1.5">
        <span className="text-xs text-fg-muted" data-testid="logs-result-count">
          {rows.length.toLocaleString()} {rows.length === 1 ? 'row' : 'rows'}
        </span>
        <ResultsActions rows={rows} fileStem={`logs-${projectRef}-${new Date(endMs).toISOString().replace(/[:.]/g, '-')}`} />
      </div>
      {isTruncated && (
        <p role="status" className="flex shrink-0 items-center gap-2 border-b border-warning/30 bg-warning/10 px-3 py-1.5 text-xs text-warning">
          <AlertTriangle className="size-3.5 shrink-0" aria-hidden />
          The server returns at most {LOG_QUERY_MAX_ROWS.toLocaleString()} rows per query. Narrow the query or the time range, or use Load older.
        </p>
      )}
      {hasTimes && (
        <div className="shrink-0 border-b border-line px-3 py-2">
          <Suspense fallback={<div className="h-24" />}>
            <EventsHistogram rows={rows} startMs={startMs} endMs={endMs} />
          </Suspense>
        </div>
      )}
      <div className="flex min-h-0 flex-1">
        <div className="min-w-0 flex-1">
          <ResultsTable rows={rows} selectedKey={selectedKey} onSelect={(row: LogRow) => setSelectedKey(rowKey(row))} />
        </div>
        <LogDetailPanel row={selected} onClose={() => setSelectedKey(null)} />
      </div>
      {olderError && pages.length > 1 && (
        <p role="alert" className="shrink-0 border-t border-danger/30 bg-danger/5 px-3 py-1.5 text-xs text-danger">
          Loading older entries failed: {olderError.message}
        </p>
      )}
      {hasTimes && <LoadOlderFooter hasOlder={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoadOlder={() => void query.fetchNextPage()} />}
    </div>
  );
}
