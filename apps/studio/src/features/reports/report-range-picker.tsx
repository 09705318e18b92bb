import { CalendarClock, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { RetentionNote } from '../logs/time-range-picker.tsx';
import { toLocalInput } from '../logs/time-range.ts';
import { REPORT_RANGES, type ReportRangeId } from './report-range.ts';
import type { ReportRangeState } from './use-report-range.ts';

const controlClass = 'h-8 rounded-md border border-line-strong bg-surface-2 px-2 text-sm text-fg focus:border-brand/70 focus:outline-none';

/** Last hour, 3 hours, 24 hours or 7 days, and Refresh (which reads every panel again up to now). */
export function ReportRangePicker({ state, isRefreshing, onRefresh }: { state: ReportRangeState; isRefreshing?: boolean; onRefresh?: () => void }) {
  return (
    <div className="flex items-center gap-2" data-testid="report-range">
      <CalendarClock className="size-4 text-fg-subtle" aria-hidden />
      <select aria-label="Time range" className={controlClass} value={state.range.id} onChange={(e) => state.setRangeId(e.target.value as ReportRangeId)}>
        {REPORT_RANGES.map((range) => (
          <option key={range.id} value={range.id}>
            {range.label}
          </option>
        ))}
      </select>
      <Button size="sm" variant="outline" icon={<RefreshCw className="size-3.5" />} isLoading={isRefreshing} onClick={() => {
          state.refresh();
          onRefresh?.();
        }} data-testid="report-refresh">
        Refresh
      </Button>
    </div>
  );
}

/** Why the report starts later than asked: the logs explorer's note, fed the start that was asked for. */
export function ReportRetentionNote({ state }: { state: ReportRangeState }) {
  const { clippedFrom, end } = state.range;
  if (!clippedFrom) return null;
  return (
    <RetentionNote
      value={{ kind: 'custom', start: toLocalInput(clippedFrom), end: toLocalInput(new Date(end)) }}
      plan={state.plan}
      slug={state.slug}
      className="mb-4 rounded-md border border-warning/30 bg-warning/10 px-3 py-2"
    />
  );
}
