/**
 * What an organisation owes for a period: the plan's monthly price, then each metered overage at
 * the catalogue's price (@plinth/plans) where the plan bills usage beyond its free units (Pro with
 * usage billing on, Team). Free and a capped Pro owe only the plan price; Enterprise is priced per
 * customer, so its invoice says so and shows the usage without amounts. Compute hours are listed
 * because paid plans bill hourly for active compute, but the catalogue names no price for them.
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

export function invoiceLines(plan: Plan, usageBillingEnabled: boolean, totals: Record<Metric, number>): { lines: InvoiceLine[]; amount_usd: number } {
  const price = PLAN_PRICES[plan].monthlyUsd;
  const lines: InvoiceLine[] = [
    {
      description: price === null ? `${PLAN_NAMES[plan]} plan (custom pricing, billed separately)` : `${PLAN_NAMES[plan]} plan`,
      metric: null,
      quantity: 1,
      unit: 'month',
      included: null,
      amount_usd: price ?? 0,
    },
  ];
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
