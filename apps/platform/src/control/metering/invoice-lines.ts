/**
 * What an organisation owes for a period: the plan's monthly price, then each metered overage at
 * the catalogue's price (@plinth/plans) where the plan bills usage beyond its free units (Pro with
 * usage billing on, Team). Free and a capped Pro owe only the plan price; Enterprise is priced per
 * customer, so its invoice says so and shows the usage without amounts. Compute hours are listed
 * because paid plans bill hourly for active compute, but the catalogue names no price for them, so
 * they are shown at $0 until it does.
 *
 * A plan changed during the period is prorated by days: each plan's price times the days spent on
 * it over the days of the period, a change counting from the UTC day it is made on. Overages are
 * billed by the plan the period ends on.
 */
import { GB, PLAN_NAMES, PLAN_PRICES, type Plan } from '@plinth/plans';
import { BYTE_METRICS, isCapped, METRIC_LABELS, METRICS, termsOf, type Metric } from './metrics.ts';

export interface InvoiceLine {
  description: string;
  metric: Metric | null;
  /** In the line's unit: GB for byte metrics, else a count. */
  quantity: number;
  unit: string;
  /** Included in the plan, in the same unit; null for the plan line. */
  included: number | null;
  amount_usd: number;
}

const cents = (usd: number) => Math.round(usd * 100) / 100;
const inUnit = (metric: Metric, value: number) => (BYTE_METRICS.has(metric) ? Math.round((value / GB) * 1000) / 1000 : value);

/** Days spent on a plan within a period, in the order the plans were held. */
export interface PlanDays {
  plan: Plan;
  days: number;
}

export interface PlanChange {
  changed_at: Date;
  from_plan: Plan;
  to_plan: Plan;
}

const DAY_MS = 86_400_000;

/** The plan held at `at`: the last change made by then, else what the first change moved from, else `current`. */
export function planAt(at: Date, changes: readonly PlanChange[], current: Plan): Plan {
  let plan: Plan | null = null;
  for (const change of changes) if (change.changed_at.getTime() <= at.getTime()) plan = change.to_plan;
  return plan ?? changes[0]?.from_plan ?? current;
}

/** Each plan's days in the period (`changes` oldest first); a day belongs to the plan held at its end. */
export function planDaysOf(period: { start: Date; end: Date }, changes: readonly PlanChange[], current: Plan): PlanDays[] {
  const spans: PlanDays[] = [];
  for (let t = period.start.getTime(); t < period.end.getTime(); t += DAY_MS) {
    const plan = planAt(new Date(Math.min(t + DAY_MS, period.end.getTime()) - 1), changes, current);
    const span = spans.find((s) => s.plan === plan);
    if (span) span.days += 1;
    else spans.push({ plan, days: 1 });
  }
  return spans;
}

function planLines(spans: readonly PlanDays[]): InvoiceLine[] {
  const total = spans.reduce((sum, span) => sum + span.days, 0);
  return spans.map(({ plan, days }) => {
    const price = PLAN_PRICES[plan].monthlyUsd;
    const name = `${PLAN_NAMES[plan]} plan`;
    if (spans.length === 1) {
      return { description: price === null ? `${name} (custom pricing, billed separately)` : name, metric: null, quantity: 1, unit: 'month', included: null, amount_usd: price ?? 0 };
    }
    return {
      description: price === null ? `${name}, ${days} of ${total} days (custom pricing, billed separately)` : `${name}, ${days} of ${total} days`,
      metric: null,
      quantity: days,
      unit: 'days',
      included: null,
      amount_usd: price === null ? 0 : cents((price * days) / total),
    };
  });
}

/** `plans`: one plan for the whole period, or the days on each plan when it changed (planDaysOf). */
export function invoiceLines(plans: Plan | readonly PlanDays[], usageBillingEnabled: boolean, totals: Record<Metric, number>): { lines: InvoiceLine[]; amount_usd: number } {
  const spans = typeof plans === 'string' ? [{ plan: plans, days: 1 }] : plans;
  const plan = spans[spans.length - 1].plan;
  const lines: InvoiceLine[] = planLines(spans);
  const billsOverages = !isCapped(plan, usageBillingEnabled);
  for (const metric of METRICS) {
    const terms = termsOf(plan, metric);
    const used = totals[metric];
    const unit = BYTE_METRICS.has(metric) ? 'GB' : metric === 'COMPUTE_HOURS' ? 'hours' : 'units';
    if (metric === 'COMPUTE_HOURS') {
      if (used > 0) lines.push({ description: METRIC_LABELS[metric], metric, quantity: used, unit, included: null, amount_usd: 0 });
      continue;
    }
    if (!billsOverages || !terms.overage || terms.freeUnits === null) continue;
    const over = used - terms.freeUnits;
    if (over <= 0) continue;
    const amount = cents((over / terms.overage.perUnits) * terms.overage.priceUsd);
    lines.push({
      description: `${METRIC_LABELS[metric]} over the included amount`,
      metric,
      quantity: inUnit(metric, used),
      unit,
      included: inUnit(metric, terms.freeUnits),
      amount_usd: amount,
    });
  }
  return { lines, amount_usd: cents(lines.reduce((sum, line) => sum + line.amount_usd, 0)) };
}
