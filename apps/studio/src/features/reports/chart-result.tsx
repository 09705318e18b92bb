import type { ReportChart } from '@plinth/api-contract';
import { CellValue } from '../../components/ui/cell-value.tsx';
import type { LogRow } from '../../data/logs/log-rows.ts';
import { columnsOf } from '../logs/log-columns.ts';
import { pointsOf } from './chart-data.ts';
import { LazyReportChart } from './lazy-chart.tsx';
import { SERIES_COLORS } from './series-colors.ts';

const TABLE_ROWS = 100;

/** A result as a table: every column, the first rows. */
function ResultTable({ rows, label }: { rows: readonly LogRow[]; label: string }) {
  const columns = columnsOf(rows);
  return (
    <div className="max-h-72 overflow-auto rounded-md border border-line" data-testid="report-chart-table">
      <table className="w-full border-collapse text-left text-xs" aria-label={label}>
        <thead className="sticky top-0 bg-surface-2">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="border-b border-line px-3 py-1.5 font-medium text-fg-subtle">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, TABLE_ROWS).map((row, index) => (
            <tr key={index} className="border-b border-line last:border-0">
              {columns.map((column) => (
                <td key={column} className="max-w-72 truncate px-3 py-1.5">
                  <CellValue value={row[column]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > TABLE_ROWS && <p className="px-3 py-1.5 text-xs text-fg-subtle">The first {TABLE_ROWS} of {rows.length.toLocaleString()} rows.</p>}
    </div>
  );
}

/** Whether a chart's settings can be drawn from rows with these columns; the reason when not. */
export function chartProblem(chart: Pick<ReportChart, 'kind' | 'x' | 'y'>, columns: readonly string[]): string | null {
  if (chart.kind === 'table') return null;
  if (!chart.x || !columns.includes(chart.x)) return 'Choose the column along the x axis.';
  const y = (chart.y ?? []).filter((column) => columns.includes(column));
  if (y.length === 0) return 'Choose at least one numeric column to plot.';
  return null;
}

/** A custom chart's rows drawn as its kind says: bars, lines, or the table itself. */
export function ChartResult({ chart, rows, height = 224 }: { chart: Pick<ReportChart, 'kind' | 'x' | 'y' | 'title'>; rows: readonly LogRow[]; height?: number }) {
  const columns = columnsOf(rows);
  const problem = chartProblem(chart, columns);
  if (chart.kind === 'table') return <ResultTable rows={rows} label={chart.title} />;
  if (problem) return <p className="py-6 text-center text-sm text-fg-subtle">{problem}</p>;
  const y = (chart.y ?? []).filter((column) => columns.includes(column));
  const { points, isTime } = pointsOf(rows, chart.x!, y);
  return (
    <LazyReportChart
      data={points}
      series={y.map((key, index) => ({ key, name: key, color: SERIES_COLORS[index % SERIES_COLORS.length] }))}
      kind={chart.kind}
      isTime={isTime}
      label={chart.title}
      height={height}
      testId="report-chart-drawing"
    />
  );
}
