/**
 * The metered figures, by Supabase's metric names, and how hourly rows add up over a period:
 * - counters (egress, invocations, messages, compute hours) are summed;
 * - gauges (sizes, monthly active users, distinct origin images so far this month, peak connections) are
 *   read as each project's highest hourly value in the period, summed across projects.
 * Which plan figure each one is measured against comes from @plinth/plans.
 */
import { ADD_ON_PRICES, limits, overagesOf, type MeteredLimit, type Overage, type Plan } from '@plinth/plans';

export const METRICS = [
  'DATABASE_SIZE',
  'STORAGE_SIZE',
  'EGRESS',
  'MONTHLY_ACTIVE_USERS',
  'FUNCTION_INVOCATIONS',
  'REALTIME_MESSAGE_COUNT',
  'REALTIME_PEAK_CONNECTIONS',
  'STORAGE_IMAGES_TRANSFORMED',
  'COMPUTE_HOURS',
] as const;
export type Metric = (typeof METRICS)[number];

export const GAUGES: ReadonlySet<Metric> = new Set<Metric>([
  'DATABASE_SIZE',
  'STORAGE_SIZE',
  'MONTHLY_ACTIVE_USERS',
  'REALTIME_PEAK_CONNECTIONS',
  'STORAGE_IMAGES_TRANSFORMED',
]);

/** The plan limit each metric is held to; image transformations and compute hours have none there. */
const PLAN_LIMIT: Partial<Record<Metric, MeteredLimit>> = {
  DATABASE_SIZE: 'databaseSizeBytes',
  STORAGE_SIZE: 'storageBytes',
  EGRESS: 'bandwidthBytes',
  MONTHLY_ACTIVE_USERS: 'monthlyActiveUsers',
  FUNCTION_INVOCATIONS: 'functionInvocations',
  REALTIME_MESSAGE_COUNT: 'realtimeMessages',
  REALTIME_PEAK_CONNECTIONS: 'realtimeConnections',
};

export const METRIC_LABELS: Record<Metric, string> = {
  DATABASE_SIZE: 'Database size',
  STORAGE_SIZE: 'Storage size',
  EGRESS: 'Egress',
  MONTHLY_ACTIVE_USERS: 'Monthly active users',
  FUNCTION_INVOCATIONS: 'Edge function invocations',
  REALTIME_MESSAGE_COUNT: 'Realtime messages',
  REALTIME_PEAK_CONNECTIONS: 'Realtime peak connections',
  STORAGE_IMAGES_TRANSFORMED: 'Storage image transformations',
  COMPUTE_HOURS: 'Compute hours',
};

export const BYTE_METRICS: ReadonlySet<Metric> = new Set<Metric>(['DATABASE_SIZE', 'STORAGE_SIZE', 'EGRESS']);

export interface MetricTerms {
  /** Included units; null: no figure (unlimited, or not priced by the catalogue). */
  freeUnits: number | null;
  availableInPlan: boolean;
  unlimited: boolean;
  /** What usage beyond the free units costs on this plan; null: not billed. */
  overage: Overage | null;
}

/** How `metric` is included and priced on `plan` (spec document 2 §9 and "Other plan facts"). */
export function termsOf(plan: Plan, metric: Metric): MetricTerms {
  if (metric === 'STORAGE_IMAGES_TRANSFORMED') {
    // Image transformations are a Pro-and-above feature; Enterprise's figure is custom.
    if (plan === 'free') return { freeUnits: 0, availableInPlan: false, unlimited: false, overage: null };
    if (plan === 'enterprise') return { freeUnits: null, availableInPlan: true, unlimited: true, overage: null };
    const priced = ADD_ON_PRICES.imageTransformations;
    return { freeUnits: priced.includedOriginImages, availableInPlan: true, unlimited: false, overage: priced.overage };
  }
  const limit = PLAN_LIMIT[metric];
  // Compute hours: "paid plans are billed hourly for active compute", but the catalogue names no price.
  if (!limit) return { freeUnits: null, availableInPlan: true, unlimited: true, overage: null };
  const freeUnits = limits(plan)[limit];
  return { freeUnits, availableInPlan: true, unlimited: freeUnits === null, overage: overagesOf(plan)[limit] ?? null };
}

/**
 * Usage is capped at the free units (nothing is billed beyond them) on Free, and on Pro with usage
 * billing off (the spend cap); the "Exceeding usage limits" badge rule of spec document 1 §9.
 */
export function isCapped(plan: Plan, usageBillingEnabled: boolean): boolean {
  return plan === 'free' || (plan === 'pro' && !usageBillingEnabled);
}
