/**
 * pg_cron's schedules: five cron fields (UTC, as pg_cron's default cron.timezone), the @-macros, '$'
 * for the last day of the month, and '[1-59] seconds'. Cron fields are parsed by cron-parser; an
 * interval in seconds is due on every multiple of it since the epoch, so every node computes the
 * same due times.
 */
import cronParser from 'cron-parser';

export type Schedule = { kind: 'seconds'; seconds: number } | { kind: 'cron'; expression: string };

const SECONDS = /^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$/i;
const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** The schedule, or throws `invalid schedule: ...` (pg_cron's words) when it is not one. */
export function parseSchedule(text: string): Schedule {
  const seconds = SECONDS.exec(text);
  if (seconds) return { kind: 'seconds', seconds: Number(seconds[1]) };
  const trimmed = text.trim();
  const expanded = MACROS[trimmed.toLowerCase()] ?? trimmed;
  const fields = expanded.split(/\s+/);
  // Five fields only: cron-parser would read a sixth as seconds, which pg_cron does not have.
  if (fields.length !== 5) throw new Error(`invalid schedule: ${text}`);
  if (fields[2] === '$') fields[2] = 'L';
  const expression = fields.join(' ');
  try {
    cronParser.parseExpression(expression, { tz: 'UTC' });
  } catch {
    throw new Error(`invalid schedule: ${text}`);
  }
  return { kind: 'cron', expression };
}

/** Every time `schedule` is due in [from, to), earliest first, at most `limit`. */
export function dueTimes(schedule: Schedule, from: Date, to: Date, limit = 100): Date[] {
  const due: Date[] = [];
  if (schedule.kind === 'seconds') {
    const step = schedule.seconds * 1000;
    for (let t = Math.ceil(from.getTime() / step) * step; t < to.getTime() && due.length < limit; t += step) due.push(new Date(t));
    return due;
  }
  // cron-parser's next() is strictly after currentDate: start a millisecond before `from`.
  const iterator = cronParser.parseExpression(schedule.expression, { tz: 'UTC', currentDate: new Date(from.getTime() - 1), endDate: to });
  while (due.length < limit && iterator.hasNext()) {
    const next = iterator.next().toDate();
    if (next.getTime() >= to.getTime()) break;
    due.push(next);
  }
  return due;
}
