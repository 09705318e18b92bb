import type { PlanLimits } from './limits.ts';
import type { Plan } from './plan.ts';
import { GB } from './units.ts';

/** A price in US dollars for every `perUnits` units beyond what the plan includes. */
export interface Overage {
  priceUsd: number;
  perUnits: number;
}

export type MeteredLimit =
  | 'databaseSizeBytes'
  | 'storageBytes'
  | 'bandwidthBytes'
  | 'monthlyActiveUsers'
  | 'functionInvocations'
  | 'functionCount'
  | 'realtimeConnections'
  | 'realtimeMessages';

/** Pro's "then $..." figures; Team is "as Pro". */
const PAID_OVERAGES: Readonly<Record<MeteredLimit, Overage>> = Object.freeze({
  databaseSizeBytes: { priceUsd: 0.125, perUnits: GB },
  storageBytes: { priceUsd: 0.021, perUnits: GB },
  bandwidthBytes: { priceUsd: 0.09, perUnits: GB },
  monthlyActiveUsers: { priceUsd: 0.00325, perUnits: 1 },
  functionInvocations: { priceUsd: 2, perUnits: 1_000_000 },
  functionCount: { priceUsd: 10, perUnits: 100 },
  realtimeConnections: { priceUsd: 10, perUnits: 1000 },
  realtimeMessages: { priceUsd: 2.5, perUnits: 1_000_000 },
} satisfies Record<MeteredLimit, Overage> & Partial<Record<keyof PlanLimits, Overage>>);

/**
 * What usage beyond the included amount costs on `plan`: nothing to show on Free (usage is capped)
 * nor on Enterprise (custom pricing).
 */
export function overagesOf(plan: Plan): Partial<Record<MeteredLimit, Overage>> {
  return plan === 'pro' || plan === 'team' ? PAID_OVERAGES : {};
}

export interface PlanPrice {
  /** Starting monthly price in US dollars; null = contact sales. */
  monthlyUsd: number | null;
  /** The catalogue's words: "$0", "from $25", "from $599", "contact sales". */
  label: string;
  /** Only Pro's unit is shown ("per month per organisation"); null where the catalogue shows none. */
  costUnit: string | null;
}

export const PLAN_PRICES: Readonly<Record<Plan, PlanPrice>> = Object.freeze({
  free: { monthlyUsd: 0, label: '$0', costUnit: null },
  pro: { monthlyUsd: 25, label: 'from $25', costUnit: 'per month per organisation' },
  team: { monthlyUsd: 599, label: 'from $599', costUnit: null },
  enterprise: { monthlyUsd: null, label: 'contact sales', costUnit: null },
});

/** Add-ons the catalogue prices on Pro ("Other plan facts"). */
export const ADD_ON_PRICES = Object.freeze({
  /** Point-in-time recovery: $100 per 7 days of retention. */
  pointInTimeRecovery: { priceUsd: 100, perDays: 7 },
  /** 100 origin images included, then $5 per 1000. */
  imageTransformations: { includedOriginImages: 100, overage: { priceUsd: 5, perUnits: 1000 } satisfies Overage },
  customDomain: { monthlyUsd: 10 },
  /** SAML 2.0 on Pro: 50 users included, then $0.015 per MAU. */
  saml: { includedUsers: 50, overage: { priceUsd: 0.015, perUnits: 1 } satisfies Overage },
});
