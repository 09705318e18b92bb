import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useStorageObjectsTotalsQuery } from '../../data/reports/storage-objects-query.ts';
import { fillBuckets } from './chart-data.ts';
import { formatBytes, formatCount, formatShare, share } from './format.ts';
import { LazyReportChart } from './lazy-chart.tsx';
import { LogQueryPanel } from './log-query-panel.tsx';
import { Figure, ReportFrame } from './report-frame.tsx';
import { ReportRangePicker, ReportRetentionNote } from './report-range-picker.tsx';
import { STORAGE_TOTALS_SQL, storageOverTimeSql } from './storage-report-sql.ts';
import { useReportLogs } from './use-report-logs.ts';
import { useReportRange } from './use-report-range.ts';

const REQUEST_SERIES = [
  { key: 'ok', name: 'Succeeded', color: 'var(--color-brand)' },
  { key: 'errors', name: 'Errors (4xx and 5xx)', color: 'var(--color-danger)' },
];
const BANDWIDTH_SERIES = [{ key: 'bytes_sent', name: 'Bytes sent', color: 'var(--color-info)' }];

/** What the buckets hold now, counted in the project database. */
function StoredObjectsPanel({ projectRef }: { projectRef: string }) {
  const totals = useStorageObjectsTotalsQuery(projectRef);
  return (
    <Panel title="Stored objects" description="Every object in the project’s buckets now, counted in the project database." testId="report-storage-objects">
      {totals.isLoading ? (
        <SkeletonRows rows={1} className="[&>div]:h-16" />
      ) : totals.isError || !totals.data ? (
        <ErrorState error={totals.error} title="Failed to count the stored objects" onRetry={() => void totals.refetch()} />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <Figure label="Objects" value={formatCount(totals.data.objects)} testId="report-storage-object-count" />
          <Figure label="Total size" value={formatBytes(totals.data.bytes)} testId="report-storage-total-size" />
        </div>
      )}
    </Panel>
  );
}

/** /reports/storage: objects and their size now, and requests, bandwidth and cache hits from storage_logs. */
export function StorageReportView({ projectRef }: { projectRef: string }) {
  const state = useReportRange(projectRef);
  const { range } = state;
  const objects = useStorageObjectsTotalsQuery(projectRef);
  const overTimeSql = storageOverTimeSql(range.bucketSeconds);
  const totals = useReportLogs(projectRef, STORAGE_TOTALS_SQL, range);
  const overTime = useReportLogs(projectRef, overTimeSql, range);
  const empty = 'No Storage requests in this time range.';

  return (
    <ReportFrame
      title="Storage"
      badge="NEW"
      description="The project’s stored objects, and the requests to its Storage API as Storage logged them."
      actions={<ReportRangePicker state={state} isRefreshing={totals.query.isFetching && !totals.query.isLoading} onRefresh={() => void objects.refetch()} />}
      testId="report-storage"
    >
      <StoredObjectsPanel projectRef={projectRef} />
      <ReportRetentionNote state={state} />
      <LogQueryPanel projectRef={projectRef} title="Requests" sql={STORAGE_TOTALS_SQL} logs={totals} emptyText={empty} testId="report-storage-totals">
        {([row]) => (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Requests" value={formatCount(row.requests)} testId="report-storage-requests" />
            <Figure label="Error rate" value={formatShare(share(row.errors, row.requests))} hint={`${formatCount(row.errors)} with a 4xx or 5xx status`} testId="report-storage-error-rate" />
            <Figure label="Bandwidth" value={formatBytes(Number(row.bytes_sent ?? 0))} hint="Bytes sent in answers" testId="report-storage-bandwidth" />
            <Figure label="Cache hits" value={formatShare(share(row.cache_hits, row.downloads))} hint="Downloads answered 304 Not Modified" testId="report-storage-cache-hits" />
          </div>
        )}
      </LogQueryPanel>
      <div className="grid gap-4 lg:grid-cols-2">
        <LogQueryPanel projectRef={projectRef} title="Requests over time" sql={overTimeSql} logs={overTime} emptyText={empty} testId="report-storage-over-time">
          {(rows) => (
            <LazyReportChart data={fillBuckets(rows, range, REQUEST_SERIES.map((s) => s.key))} series={REQUEST_SERIES} kind="bar" isTime isStacked label="Storage requests over time" testId="report-storage-requests-chart" />
          )}
        </LogQueryPanel>
        <LogQueryPanel projectRef={projectRef} title="Bandwidth" sql={overTimeSql} logs={overTime} emptyText={empty} testId="report-storage-bandwidth-panel">
          {(rows) => (
            <LazyReportChart data={fillBuckets(rows, range, BANDWIDTH_SERIES.map((s) => s.key))} series={BANDWIDTH_SERIES} kind="bar" isTime formatValue={(value) => formatBytes(value, 1)} label="Bytes sent over time" testId="report-storage-bandwidth-chart" />
          )}
        </LogQueryPanel>
      </div>
    </ReportFrame>
  );
}
