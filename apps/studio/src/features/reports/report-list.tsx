import type { CustomReport } from '@plinth/api-contract';
import { cn } from '../../lib/cn.ts';

/** The project's custom reports; choosing one opens it beside the list. */
export function ReportList({ reports, selectedId, onOpen }: { reports: CustomReport[]; selectedId: string; onOpen: (id: string) => void }) {
  return (
    <nav aria-label="Custom reports">
      <ul className="space-y-0.5" data-testid="report-list">
        {reports.map((report) => {
          const isSelected = report.id === selectedId;
          return (
            <li key={report.id}>
              <button
                type="button"
                onClick={() => onOpen(report.id)}
                aria-current={isSelected ? 'page' : undefined}
                className={cn(
                  'flex w-full items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-left text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand',
                  isSelected ? 'bg-surface-3 text-fg' : 'text-fg-muted hover:bg-surface-2 hover:text-fg',
                )}
                data-testid="report-list-item"
              >
                <span className="truncate">{report.name}</span>
                <span className="shrink-0 text-xs text-fg-subtle">
                  {report.charts.length}
                  <span className="sr-only"> {report.charts.length === 1 ? 'chart' : 'charts'}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
