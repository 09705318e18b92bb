import { Pencil, Trash2 } from 'lucide-react';
import type { ReportChart } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ChartResult } from './chart-result.tsx';
import { LogQueryPanel } from './log-query-panel.tsx';
import type { ReportRange } from './report-range.ts';
import { useReportLogs } from './use-report-logs.ts';

/** One chart of a custom report: its query run over the report's range, drawn as its kind says. */
export function CustomChartCard({ projectRef, chart, range, canEdit, onEdit, onRemove }: {
  projectRef: string;
  chart: ReportChart;
  range: ReportRange;
  canEdit: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const logs = useReportLogs(projectRef, chart.sql, range);
  return (
    <div data-testid="report-chart" data-chart-title={chart.title}>
      <LogQueryPanel
        projectRef={projectRef}
        title={chart.title}
        sql={chart.sql}
        logs={logs}
        emptyText="The query found no rows in this time range."
        testId="report-chart-panel"
        actions={
          canEdit && (
            <>
              <Button size="sm" variant="ghost" icon={<Pencil className="size-3.5" />} onClick={onEdit} aria-label={`Edit chart ${chart.title}`} data-testid="report-chart-edit" />
              <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} onClick={onRemove} aria-label={`Remove chart ${chart.title}`} data-testid="report-chart-remove" />
            </>
          )
        }
      >
        {(rows) => <ChartResult chart={chart} rows={rows} />}
      </LogQueryPanel>
    </div>
  );
}
