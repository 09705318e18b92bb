import type { DatabaseReport } from '@plinth/api-contract';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useDatabaseReportQuery } from '../../data/reports/database-report-query.ts';
import { formatDateTime } from '../../lib/format.ts';
import { SLOW_STATEMENTS_SQL } from './database-report-sql.ts';
import { formatBytes, formatCount, formatShare } from './format.ts';
import { Figure, ReportFrame } from './report-frame.tsx';
import { ReportRangePicker, ReportRetentionNote } from './report-range-picker.tsx';
import { ReportTable } from './report-table.tsx';
import { SlowStatementsPanel } from './slow-statements-panel.tsx';
import { useReportLogs } from './use-report-logs.ts';
import { useReportRange } from './use-report-range.ts';

function connectionsFigure(connections: DatabaseReport['connections']) {
  if (!connections) return { value: '—', hint: 'Not applicable on the embedded engine' };
  return { value: `${connections.total.toLocaleString()} / ${connections.max.toLocaleString()}`, hint: `${connections.active} active, ${connections.idle} idle` };
}

function DatabaseFigures({ report }: { report: DatabaseReport }) {
  const connections = connectionsFigure(report.connections);
  const { commits, rollbacks, deadlocks } = report.transactions;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Database size" value={formatBytes(report.database_size_bytes)} testId="report-db-size" />
        <Figure label="Connections used / max" value={connections.value} hint={connections.hint} testId="report-db-connections" />
        <Figure label="Cache hit rate" value={formatShare(report.cache_hit_rate)} hint={report.cache_hit_rate === null ? 'No reads yet' : 'Table reads served from memory'} testId="report-db-cache-hit" />
        <Figure label="Index hit rate" value={formatShare(report.index_hit_rate)} hint={report.index_hit_rate === null ? 'No index reads yet' : 'Index reads served from memory'} testId="report-db-index-hit" />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Figure label="Commits" value={formatCount(commits)} testId="report-db-commits" />
        <Figure label="Rollbacks" value={formatCount(rollbacks)} testId="report-db-rollbacks" />
        <Figure label="Deadlocks" value={formatCount(deadlocks)} testId="report-db-deadlocks" />
      </div>
    </>
  );
}

/** /reports/database: the database now (databaseReport) and the statements it logged as failed or slow. */
export function DatabaseReportView({ projectRef }: { projectRef: string }) {
  const report = useDatabaseReportQuery(projectRef);
  const state = useReportRange(projectRef);
  const slow = useReportLogs(projectRef, SLOW_STATEMENTS_SQL, state.range);
  const data = report.data;

  return (
    <ReportFrame
      title="Database"
      description={data ? `The project database as of ${formatDateTime(data.measured_at)}. Rates and totals count since the statistics were last reset.` : 'The project database: size, connections, cache hit rates and its largest tables.'}
      actions={<ReportRangePicker state={state} isRefreshing={report.isFetching && !report.isLoading} onRefresh={() => void report.refetch()} />}
      testId="report-database"
    >
      {report.isLoading ? (
        <SkeletonRows rows={3} className="[&>div]:h-20" />
      ) : report.isError || !data ? (
        <ErrorState error={report.error} title="Failed to load the database report" onRetry={() => void report.refetch()} />
      ) : (
        <>
          <DatabaseFigures report={data} />
          <Panel title="Largest tables" description="Size with indexes and TOAST; rows as the planner estimates them." bodyClassName={data.largest_tables.length ? 'px-0! py-0!' : undefined} testId="report-db-tables">
            {data.largest_tables.length === 0 ? (
              <p className="py-4 text-center text-sm text-fg-subtle">There are no tables in the project database yet.</p>
            ) : (
              <ReportTable
                label="Largest tables"
                rows={data.largest_tables}
                rowKey={(table) => `${table.schema}.${table.name}`}
                columns={[
                  { key: 'name', header: 'Table', render: (table) => <span className="font-mono text-xs">{table.schema}.{table.name}</span> },
                  { key: 'size', header: 'Size', isNumeric: true, render: (table) => formatBytes(table.size_bytes) },
                  { key: 'rows', header: 'Rows (estimate)', isNumeric: true, render: (table) => formatCount(table.rows_estimate) },
                ]}
              />
            )}
          </Panel>
        </>
      )}
      <ReportRetentionNote state={state} />
      <SlowStatementsPanel projectRef={projectRef} logs={slow} />
    </ReportFrame>
  );
}
