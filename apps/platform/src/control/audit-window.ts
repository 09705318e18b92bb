import { limits } from '@plinth/plans';
import type { OrganizationRow } from './access.ts';
import type { ControlContext } from './context.ts';

/**
 * The retention clock. null (the default) measures on the database's clock, the one that stamped the
 * entries; tests set a Date to move "now" forward instead of waiting an hour or a week.
 */
export interface AuditClock {
  now: () => Date | null;
}
const clocks = new WeakMap<object, AuditClock>();
export function auditClockFor(ctx: Pick<ControlContext, 'db'>): AuditClock {
  let clock = clocks.get(ctx.db);
  if (!clock) clocks.set(ctx.db, (clock = { now: () => null }));
  return clock;
}

/**
 * The oldest instant an organisation may still see entries from: its plan's window, and never before
 * it existed (greatest() skips the null an unlimited plan gives). `sql` takes its three parameters
 * from position `first` on.
 */
export function auditWindowStart(ctx: Pick<ControlContext, 'db'>, organization: Pick<OrganizationRow, 'plan' | 'inserted_at'>, first: number) {
  return {
    sql: `greatest($${first + 1}::timestamptz, coalesce($${first}::timestamptz, now()) - make_interval(secs => $${first + 2}::int))`,
    params: [auditClockFor(ctx).now(), organization.inserted_at, limits(organization.plan).auditRetentionSeconds] as unknown[],
  };
}
