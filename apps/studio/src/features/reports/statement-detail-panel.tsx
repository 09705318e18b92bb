import type { StatementStat } from '@plinth/api-contract';
import { CodeBlock } from '../../components/ui/code-block.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { formatCount, formatMs } from './format.ts';

/** The whole statement and its figures. */
export function StatementDetailPanel({ statement, onClose }: { statement: StatementStat | null; onClose: () => void }) {
  const figures: [string, string][] = statement
    ? [
        ['Role', statement.role ?? '—'],
        ['Calls', formatCount(statement.calls)],
        ['Rows', formatCount(statement.rows)],
        ['Total time', formatMs(statement.total_time_ms)],
        ['Mean time', formatMs(statement.mean_time_ms)],
        ['Min time', formatMs(statement.min_time_ms)],
        ['Max time', formatMs(statement.max_time_ms)],
      ]
    : [];
  return (
    <SidePanel open={statement !== null} onRequestClose={onClose} title="Statement" size="large" testId="report-qp-detail">
      {statement && (
        <div className="space-y-4 p-5">
          <CodeBlock code={statement.query} language="sql" className="[&_pre]:max-h-96 [&_pre]:whitespace-pre-wrap [&_pre]:break-words" testId="report-qp-statement" />
          <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {figures.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs uppercase tracking-wide text-fg-subtle">{label}</dt>
                <dd className="tabular-nums text-fg">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </SidePanel>
  );
}
