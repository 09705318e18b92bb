import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { fillBuckets, numberOf } from './chart-data.ts';
import { formatCount, formatMs, formatShare, share } from './format.ts';
import { LazyReportChart } from './lazy-chart.tsx';
import { LogQueryPanel } from './log-query-panel.tsx';
import { API_BY_STATUS_SQL, API_TOP_PATHS_SQL, API_TOTALS_SQL, apiOverTimeSql } from './api-overview-sql.ts';
import { Figure, ReportFrame } from './report-frame.tsx';
import { ReportRangePicker, ReportRetentionNote } from './report-range-picker.tsx';
import { ReportTable } from './report-table.tsx';
import { useReportLogs } from './use-report-logs.ts';
import { useReportRange } from './use-report-range.ts';

const REQUEST_SERIES = [
  { key: 'ok', name: 'Succeeded', color: 'var(--color-brand)' },
  { key: 'client_errors', name: 'Client errors (4xx)', color: 'var(--color-warning)' },
  { key: 'server_errors', name: 'Server errors (5xx)', color: 'var(--color-danger)' },
];
const LATENCY_SERIES = [
  { key: 'p50_ms', name: 'p50', color: 'var(--color-brand)' },
  { key: 'p95_ms', name: 'p95', color: 'var(--color-warning)' },
];

function statusTone(status: number | null): BadgeTone {
  if (status === null) return 'neutral';
  return status >= 500 ? 'danger' : status >= 400 ? 'warning' : status >= 300 ? 'info' : 'success';
}

/** /reports/api-overview: requests, errors, p50/p95 latency, over time, by path and by status, from edge_logs. */
export function ApiOverviewView({ projectRef }: { projectRef: string }) {
  const state = useReportRange(projectRef);
  const { range } = state;
  const overTimeSql = apiOverTimeSql(range.bucketSeconds);
  const totals = useReportLogs(projectRef, API_TOTALS_SQL, range);
  const overTime = useReportLogs(projectRef, overTimeSql, range);
  const topPaths = useReportLogs(projectRef, API_TOP_PATHS_SQL, range);
  const byStatus = useReportLogs(projectRef, API_BY_STATUS_SQL, range);
  const empty = 'No requests in this time range.';

  return (
    <ReportFrame
      title="API Gateway"
      description="Requests to the project’s APIs (REST, Auth, Storage, Realtime and Edge Functions) as the API gateway logged them."
      actions={<ReportRangePicker state={state} isRefreshing={totals.query.isFetching && !totals.query.isLoading} />}
      testId="report-api-overview"
    >
      <ReportRetentionNote state={state} />
      <LogQueryPanel projectRef={projectRef} title="Requests" sql={API_TOTALS_SQL} logs={totals} emptyText={empty} testId="report-api-totals">
        {([row]) => (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Total requests" value={formatCount(row.requests)} testId="report-api-requests" />
            <Figure label="Error rate" value={formatShare(share(row.errors, row.requests))} hint={`${formatCount(row.errors)} with a 4xx or 5xx status`} testId="report-api-error-rate" />
            <Figure label="p50 response time" value={formatMs(row.p50_ms)} testId="report-api-p50" />
            <Figure label="p95 response time" value={formatMs(row.p95_ms)} testId="report-api-p95" />
          </div>
        )}
      </LogQueryPanel>
      <div className="grid gap-4 lg:grid-cols-2">
        <LogQueryPanel projectRef={projectRef} title="Requests and errors" sql={overTimeSql} logs={overTime} emptyText={empty} testId="report-api-over-time">
          {(rows) => (
            <LazyReportChart
              data={fillBuckets(rows, range, REQUEST_SERIES.map((s) => s.key))}
              series={REQUEST_SERIES}
              kind="bar"
              isTime
              isStacked
              label="Requests and errors over time"
              testId="report-api-requests-chart"
            />
          )}
        </LogQueryPanel>
        <LogQueryPanel projectRef={projectRef} title="Response time" sql={overTimeSql} logs={overTime} emptyText={empty} testId="report-api-latency">
          {(rows) => (
            <LazyReportChart
              data={fillBuckets(rows, range, LATENCY_SERIES.map((s) => s.key), null)}
              series={LATENCY_SERIES}
              kind="line"
              isTime
              formatValue={(value) => formatMs(value)}
              label="p50 and p95 response time over time"
              testId="report-api-latency-chart"
            />
          )}
        </LogQueryPanel>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <LogQueryPanel projectRef={projectRef} title="Top paths" sql={API_TOP_PATHS_SQL} logs={topPaths} emptyText={empty} testId="report-api-top-paths" className="lg:col-span-2" bodyFlush>
          {(rows) => (
            <ReportTable
              label="Top paths"
              rows={rows}
              rowKey={(row, index) => `${String(row.method)} ${String(row.path)} ${index}`}
              columns={[
                { key: 'method', header: 'Method', render: (row) => <span className="font-mono text-xs">{String(row.method ?? '')}</span> },
                { key: 'path', header: 'Path', render: (row) => <span className="break-all font-mono text-xs">{String(row.path ?? '')}</span> },
                { key: 'requests', header: 'Requests', isNumeric: true, render: (row) => formatCount(row.requests) },
                { key: 'errors', header: 'Errors', isNumeric: true, render: (row) => formatCount(row.errors) },
                { key: 'avg', header: 'Average', isNumeric: true, render: (row) => formatMs(row.avg_ms) },
              ]}
            />
          )}
        </LogQueryPanel>
        <LogQueryPanel projectRef={projectRef} title="By status code" sql={API_BY_STATUS_SQL} logs={byStatus} emptyText={empty} testId="report-api-by-status" bodyFlush>
          {(rows) => (
            <ReportTable
              label="Requests by status code"
              rows={rows}
              rowKey={(row) => String(row.status)}
              columns={[
                { key: 'status', header: 'Status', render: (row) => <Badge tone={statusTone(numberOf(row.status))}>{String(row.status ?? '—')}</Badge> },
                { key: 'requests', header: 'Requests', isNumeric: true, render: (row) => formatCount(row.requests) },
              ]}
            />
          )}
        </LogQueryPanel>
      </div>
    </ReportFrame>
  );
}
