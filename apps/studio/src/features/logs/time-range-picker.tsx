import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { PLAN_NAMES, type Plan } from '@plinth/plans';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import {
  customRangeProblem,
  earliestAllowed,
  RELATIVE_RANGES,
  resolveRange,
  toLocalInput,
  type RangeChoice,
} from './time-range.ts';

const controlClass =
  'h-7 rounded-md border border-line-strong bg-surface-2 px-1.5 text-xs text-fg focus:border-brand/70 focus:outline-none aria-[invalid=true]:border-danger/70';

interface TimeRangePickerProps {
  value: RangeChoice;
  onChange: (value: RangeChoice) => void;
  plan: Plan | undefined;
}

/** Last hour, 3 hours, 24 hours, or a custom start and end (local time). */
export function TimeRangePicker({ value, onChange, plan }: TimeRangePickerProps) {
  const problem = customRangeProblem(value);
  const earliest = earliestAllowed(plan);

  function choose(id: string) {
    if (id === 'custom') {
      // Starts from the hour before now, which any plan keeps.
      const now = new Date();
      onChange({ kind: 'custom', start: toLocalInput(new Date(now.getTime() - 3_600_000)), end: toLocalInput(now) });
      return;
    }
    const relative = RELATIVE_RANGES.find((range) => range.id === id);
    if (relative) onChange({ kind: 'relative', id: relative.id });
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="logs-time-range">
      <CalendarClock className="size-3.5 text-fg-subtle" aria-hidden />
      <select aria-label="Time range" className={controlClass} value={value.kind === 'custom' ? 'custom' : value.id} onChange={(e) => choose(e.target.value)}>
        {RELATIVE_RANGES.map((range) => (
          <option key={range.id} value={range.id}>
            {range.label}
          </option>
        ))}
        <option value="custom">Custom</option>
      </select>
      {value.kind === 'custom' && (
        <>
          <input
            type="datetime-local"
            aria-label="Start"
            className={controlClass}
            value={value.start}
            min={earliest ? toLocalInput(earliest) : undefined}
            aria-invalid={!!problem}
            onChange={(e) => onChange({ ...value, start: e.target.value })}
          />
          <span className="text-xs text-fg-subtle">to</span>
          <input
            type="datetime-local"
            aria-label="End"
            className={controlClass}
            value={value.end}
            aria-invalid={!!problem}
            onChange={(e) => onChange({ ...value, end: e.target.value })}
          />
          {problem && (
            <span role="alert" className="text-xs text-danger">
              {problem}
            </span>
          )}
        </>
      )}
    </div>
  );
}

/** Why the range starts later than asked: the plan keeps logs for so many days. */
export function RetentionNote({ value, plan, slug, className }: { value: RangeChoice; plan: Plan | undefined; slug: string | undefined; className?: string }) {
  if (!plan || customRangeProblem(value)) return null;
  const resolved = resolveRange(value, plan);
  if (!resolved.clippedFrom || resolved.retentionDays === null) return null;
  const days = resolved.retentionDays === 1 ? '1 day' : `${resolved.retentionDays} days`;
  return (
    <p role="note" className={cn('text-xs text-warning', className)} data-testid="logs-retention-note">
      The {PLAN_NAMES[plan]} plan keeps logs for {days}, so the range starts at {formatDateTime(resolved.start)} rather than{' '}
      {formatDateTime(resolved.clippedFrom)}.{' '}
      {slug ? (
        <Link to={`/org/${slug}/billing?panel=subscriptionPlan`} className="underline underline-offset-2 hover:text-fg">
          Upgrade the organization’s plan
        </Link>
      ) : (
        'Upgrade the organization’s plan'
      )}{' '}
      to keep logs longer.
    </p>
  );
}
