/**
 * The logs' time range: a "last …" choice resolved when a query runs, or a custom start and end,
 * then clipped to the plan's log retention (spec document 2 §9: Free 1 day, Pro 7, Team 28,
 * Enterprise 90). The server clips too; clipping here lets the page say why.
 */
import { LOG_RETENTION_DAYS } from '@plinth/api-contract';
import type { Plan } from '@plinth/plans';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const RELATIVE_RANGES = [
  { id: 'last-hour', label: 'Last hour', minutes: 60 },
  { id: 'last-3-hours', label: 'Last 3 hours', minutes: 180 },
  { id: 'last-24-hours', label: 'Last 24 hours', minutes: 1440 },
] as const;

export type RelativeRangeId = (typeof RELATIVE_RANGES)[number]['id'];

export type RangeChoice =
  | { kind: 'relative'; id: RelativeRangeId }
  | { kind: 'custom'; start: string; end: string };

export const DEFAULT_RANGE: RangeChoice = { kind: 'relative', id: 'last-hour' };

export interface ResolvedRange {
  start: Date;
  end: Date;
  /** Set when the start asked for lay before the retention window: what was asked. */
  clippedFrom: Date | null;
  retentionDays: number | null;
}

export function retentionDaysOf(plan: Plan | undefined): number | null {
  return plan ? LOG_RETENTION_DAYS[plan] : null;
}

export function rangeLabel(choice: RangeChoice): string {
  if (choice.kind === 'relative') return RELATIVE_RANGES.find((range) => range.id === choice.id)?.label ?? choice.id;
  return 'Custom';
}

/** Whether a custom range is usable; the reason when not. */
export function customRangeProblem(choice: RangeChoice): string | null {
  if (choice.kind !== 'custom') return null;
  const start = Date.parse(choice.start);
  const end = Date.parse(choice.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'Choose a start and an end.';
  if (start >= end) return 'The start must be before the end.';
  return null;
}

/** The range to query now: a relative one ends now; any start older than the plan keeps logs moves up. */
export function resolveRange(choice: RangeChoice, plan: Plan | undefined, now = Date.now()): ResolvedRange {
  const retentionDays = retentionDaysOf(plan);
  let start: number;
  let end: number;
  if (choice.kind === 'relative') {
    const minutes = RELATIVE_RANGES.find((range) => range.id === choice.id)?.minutes ?? 60;
    end = now;
    start = now - minutes * MINUTE;
  } else {
    start = Date.parse(choice.start);
    end = Math.min(Date.parse(choice.end), now);
  }
  const earliest = retentionDays === null ? -Infinity : now - retentionDays * DAY;
  const clippedFrom = start < earliest ? new Date(start) : null;
  start = Math.max(start, earliest);
  if (end <= start) end = Math.min(now, start + MINUTE);
  return { start: new Date(start), end: new Date(end), clippedFrom, retentionDays };
}

/** The earliest moment a custom start may take, for the date inputs. */
export function earliestAllowed(plan: Plan | undefined, now = Date.now()): Date | null {
  const days = retentionDaysOf(plan);
  return days === null ? null : new Date(now - days * DAY);
}

/** A Date as the value of an <input type="datetime-local"> (local time, minutes). */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
