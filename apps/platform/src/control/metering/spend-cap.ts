/**
 * The spend cap, enforced: a capped organisation (Free, or Pro with usage billing off: metrics.ts
 * isCapped) that has used a metered metric's free units this billing cycle is refused more of it,
 * with `usage_cap_reached` (402), until usage billing is turned on or the plan changes:
 * - EGRESS: storage downloads and REST responses (the services whose responses are metered egress);
 * - MONTHLY_ACTIVE_USERS: sign-ins of users not yet counted this month;
 * - FUNCTION_INVOCATIONS: edge function invocations.
 *
 * Figures are the hourly metering's (usage_hourly, summed as totals.ts sums them), so a cap takes
 * effect from the hour the metering records it. Each node keeps what it read for a few seconds
 * (CACHE_MS): a check on the hot path is a map lookup, and a plan or spend-cap change reaches every
 * node within that time with no shared state to keep in step.
 */
import { PlinthError } from '@plinth/errors';
import { PLAN_NAMES, type Plan } from '@plinth/plans';
import type { Queryable } from '../../engines/types.ts';
import type { ControlContext } from '../context.ts';
import { isCapped, METRIC_LABELS, termsOf, type Metric } from './metrics.ts';
import { billingCycleOf } from './totals.ts';

export type CappedMetric = 'EGRESS' | 'MONTHLY_ACTIVE_USERS' | 'FUNCTION_INVOCATIONS';
const CAPPED_METRICS: readonly CappedMetric[] = ['EGRESS', 'MONTHLY_ACTIVE_USERS', 'FUNCTION_INVOCATIONS'];

/** How long a node trusts what it read; exported for tests that wait for a change to apply. */
export const CACHE_MS = 3000;

interface CapState {
  /** The metrics over their free units while the organisation is capped (empty when it is not). */
  reached: ReadonlySet<CappedMetric>;
  plan: Plan;
}

interface OrganizationUsageRow {
  organization_id: number;
  plan: Plan;
  usage_billing_enabled: boolean;
}

const NOT_REACHED: ReadonlySet<CappedMetric> = new Set();

export class SpendCap {
  private readonly entries = new Map<string, { expires: number; state: Promise<CapState>; value?: CapState }>();

  constructor(private readonly db: Queryable) {}

  /** True when a fresh reading at hand says `metric` is allowed: the hot path's check, with no await. */
  isKnownWithin(ref: string, metric: CappedMetric): boolean {
    const entry = this.entries.get(ref);
    return entry?.value !== undefined && entry.expires > Date.now() && !entry.value.reached.has(metric);
  }

  /** Throws usage_cap_reached when the project's organisation may use no more of `metric` this cycle. */
  async assertWithin(ref: string, metric: CappedMetric): Promise<void> {
    const state = await this.stateOf(ref);
    if (state.reached.has(metric)) throw capReached(state.plan, metric);
  }

  /**
   * A sign-in counts towards monthly active users unless the user signed in earlier this month;
   * refused when the organisation has reached its cap. `userId` null: a user being created.
   */
  async admitSignIn(ref: string, q: Queryable, userId: string | null): Promise<void> {
    const state = await this.stateOf(ref);
    if (!state.reached.has('MONTHLY_ACTIVE_USERS')) return;
    if (userId !== null) {
      const { start } = billingCycleOf(new Date());
      const { rows } = await q.query<{ counted: boolean }>('select coalesce(last_sign_in_at >= $2, false) as counted from auth.users where id = $1', [userId, start]);
      if (rows[0]?.counted) return;
    }
    throw capReached(state.plan, 'MONTHLY_ACTIVE_USERS');
  }

  private stateOf(ref: string): Promise<CapState> {
    const now = Date.now();
    const entry = this.entries.get(ref);
    if (entry && entry.expires > now) return entry.state;
    if (this.entries.size > 10_000) for (const [key, value] of this.entries) if (value.expires <= now) this.entries.delete(key);
    const state = this.load(ref);
    const fresh: { expires: number; state: Promise<CapState>; value?: CapState } = { expires: now + CACHE_MS, state };
    this.entries.set(ref, fresh);
    state.then((value) => { fresh.value = value; }, () => undefined);
    // A failed read is not kept: the next request asks again.
    state.catch(() => {
      if (this.entries.get(ref)?.state === state) this.entries.delete(ref);
    });
    return state;
  }

  private async load(ref: string): Promise<CapState> {
    const { rows } = await this.db.query<OrganizationUsageRow>(
      `select o.id as organization_id, o.plan, o.usage_billing_enabled from projects p join organizations o on o.id = p.organization_id where p.ref = $1`,
      [ref],
    );
    const organization = rows[0];
    if (!organization) return { reached: NOT_REACHED, plan: 'free' };
    if (!isCapped(organization.plan, organization.usage_billing_enabled)) return { reached: NOT_REACHED, plan: organization.plan };
    const cycle = billingCycleOf(new Date());
    // Counters summed; monthly active users (a gauge) is each project's highest reading, summed.
    const usage = await this.db.query<{ metric: CappedMetric; total: number }>(
      `select metric, sum(value)::float8 as total from (
         select metric, project_ref, case when metric = 'MONTHLY_ACTIVE_USERS' then max(value) else sum(value) end as value
         from usage_hourly
         where organization_id = $1 and hour >= $2 and hour < $3 and metric = any($4::text[])
         group by 1, 2) as per_project
       group by 1`,
      [organization.organization_id, cycle.start, cycle.end, CAPPED_METRICS],
    );
    const reached = new Set<CappedMetric>();
    for (const { metric, total } of usage.rows) {
      const freeUnits = termsOf(organization.plan, metric as Metric).freeUnits;
      if (freeUnits !== null && Number(total) >= freeUnits) reached.add(metric);
    }
    return { reached, plan: organization.plan };
  }
}

function capReached(plan: Plan, metric: CappedMetric): PlinthError {
  const used = `This organization has used the ${METRIC_LABELS[metric].toLowerCase()} included in the ${PLAN_NAMES[plan]} plan for this billing cycle`;
  const message = plan === 'free'
    ? `${used}. Upgrade the plan to continue.`
    : `${used}, and its spend cap is on. Turn off the spend cap (usage billing) or upgrade the plan to continue.`;
  return new PlinthError('usage_cap_reached', message, { metric });
}

const caps = new WeakMap<object, SpendCap>();

/** The platform's spend cap (one per context, like the project directory). */
export function spendCapFor(ctx: Pick<ControlContext, 'db'>): SpendCap {
  let cap = caps.get(ctx);
  if (!cap) caps.set(ctx, (cap = new SpendCap(ctx.db)));
  return cap;
}
