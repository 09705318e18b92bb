import { Badge } from '../../components/ui/badge.tsx';
import { timestampMs } from '../../data/logs/log-rows.ts';
import { formatLogTime } from '../logs/log-columns.ts';
import { SLOW_STATEMENTS_SQL } from './database-report-sql.ts';
import { formatMs } from './format.ts';
import { LogQueryPanel } from './log-query-panel.tsx';
import { ReportTable } from './report-table.tsx';
import type { ReportLogs } from './use-report-logs.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Failed and slow statements the database server logged in the report's range. */
export function SlowStatementsPanel({ projectRef, logs }: { projectRef: string; logs: ReportLogs }) {
  return (
    <LogQueryPanel
      projectRef={projectRef}
      title="Slow and failed statements"
      description="What the database server logged as an error or as taking longer than its slow-statement threshold."
      sql={SLOW_STATEMENTS_SQL}
      logs={logs}
      emptyText="No slow or failed statements in this time range."
      testId="report-db-slow"
      bodyFlush
    >
      {(rows) => (
        <ReportTable
          label="Slow and failed statements"
          rows={rows}
          rowKey={(row, index) => `${text(row.timestamp)}-${index}`}
          columns={[
            { key: 'time', header: 'Time', render: (row) => <span className="whitespace-nowrap font-mono text-xs">{formatLogTime(timestampMs(row.timestamp) ?? 0)}</span> },
            {
              key: 'severity',
              header: 'Severity',
              render: (row) => <Badge tone={/^(ERROR|FATAL|PANIC)$/.test(text(row.severity)) ? 'danger' : 'warning'}>{text(row.severity) || 'LOG'}</Badge>,
            },
            { key: 'role', header: 'Role', render: (row) => <span className="font-mono text-xs">{text(row.role)}</span> },
            { key: 'duration', header: 'Duration', isNumeric: true, render: (row) => (row.duration_ms === null || row.duration_ms === undefined ? '—' : formatMs(row.duration_ms)) },
            {
              key: 'message',
              header: 'Message and statement',
              render: (row) => (
                <div className="space-y-1">
                  <p className="break-words text-xs">{text(row.event_message)}</p>
                  {/* A slow-statement line carries its statement already; an error's statement is shown under it. */}
                  {typeof row.statement === 'string' && !text(row.event_message).includes(row.statement) && <p className="line-clamp-3 break-all font-mono text-[11px] text-fg-muted">{text(row.statement)}</p>}
                </div>
              ),
            },
          ]}
        />
      )}
    </LogQueryPanel>
  );
}
