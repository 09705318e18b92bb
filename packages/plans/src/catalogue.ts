import { PLAN_PRICES } from './pricing.ts';
import { PLAN_NAMES, PLANS, tierIdOf, type Plan, type PlanTierId } from './plan.ts';

/** One row of the feature comparison (spec document 2 §3 "Comparison feature"). */
export interface ComparisonFeature {
  title: string;
  /** None are given by the spec; kept so pages can add them without a shape change. */
  tooltips: Partial<Record<PlanTierId | 'main', string>>;
  plans: Record<PlanTierId, string>;
  /** Billed by usage beyond what the plan includes. */
  usage_based: boolean;
}

type Cells = [free: string, pro: string, team: string, enterprise: string];

function row(title: string, [free, pro, team, enterprise]: Cells, usageBased = false): ComparisonFeature {
  return { title, tooltips: {}, plans: { tier_free: free, tier_pro: pro, tier_team: team, tier_enterprise: enterprise }, usage_based: usageBased };
}

/** Cells read "as Pro" for Team in the catalogue; Team shows Pro's words. */
function asPro(free: string, pro: string, enterprise: string): Cells {
  return [free, pro, pro, enterprise];
}

/**
 * The catalogue's table, in its words (spec document 2 §9). Team's database is "not shown beyond
 * Pro" and reads as Pro. The figures services enforce are in limits.ts; a unit test keeps both alike.
 */
export const COMPARISON_FEATURES: readonly ComparisonFeature[] = Object.freeze([
  row('Price', ['$0', 'from $25 per month per organisation', 'from $599', 'contact sales']),
  row('Database', asPro('500MB', '8GB, then $0.125/GB', 'custom limits'), true),
  row('Storage', asPro('1GB', '100GB, then $0.021/GB', 'custom'), true),
  row('Bandwidth', asPro('5GB', '250GB, then $0.09/GB', 'custom'), true),
  row('Uploads', asPro('50MB', '5GB', 'custom')),
  row('Monthly active users', asPro('50,000', '100,000, then $0.00325 per MAU', 'custom'), true),
  row('Edge function invocations', asPro('500K', '2M, then $2 per million', 'custom'), true),
  row('Edge script size', asPro('2MB', '10MB', 'custom')),
  row('Edge functions', asPro('10', '100, then $10 per additional 100', 'custom'), true),
  row('Realtime connections', asPro('200 concurrent', '500, then $10 per 1000', 'custom'), true),
  row('Realtime messages', asPro('2M', '5M, then $2.50 per million', 'custom'), true),
  row('Realtime max message', asPro('250KB', '3MB', 'custom')),
  row('Backups', ['none', '7 days', '14 days', 'custom']),
  row('Log retention', ['1 day', '7 days', '28 days', '90 days']),
  row('Audit trail', ['1 hour', '7 days', '28 days', 'available']),
  row('Inactivity pause', ['after 1 week', 'never', 'never', 'never']),
  // Spec document 2 §6.
  row('Access roles', [
    'Owner and Developer',
    'Owner and Developer',
    'additional owners, admin, read-only, billing admin and custom roles',
    'additional owners, admin, read-only, billing admin and custom roles',
  ]),
  row('Access controls', ['coming soon', 'coming soon', 'available', 'available']),
]);

/** The Plan entity of spec document 2 §3. Text the spec does not show is null, not invented. */
export interface PlanEntry {
  id: PlanTierId;
  name: string;
  nameBadge: string | null;
  costUnit: string | null;
  href: string | null;
  priceLabel: string;
  priceMonthly: number | null;
  warning: string | null;
  description: string | null;
  preface: string | null;
  /** "Title: value" for every comparison row, in the catalogue's words. */
  features: string[];
  footer: string | null;
  cta: string | null;
}

/** Spec document 1 §9: "Free projects are paused after 1 week of inactivity." */
const WARNINGS: Partial<Record<Plan, string>> = { free: 'Free projects are paused after 1 week of inactivity.' };

function entryOf(plan: Plan): PlanEntry {
  const tier = tierIdOf(plan);
  const price = PLAN_PRICES[plan];
  return {
    id: tier,
    name: PLAN_NAMES[plan],
    nameBadge: null,
    costUnit: price.costUnit,
    href: null,
    priceLabel: price.label,
    priceMonthly: price.monthlyUsd,
    warning: WARNINGS[plan] ?? null,
    description: null,
    preface: null,
    features: COMPARISON_FEATURES.filter((f) => f.title !== 'Price').map((f) => `${f.title}: ${f.plans[tier]}`),
    footer: null,
    cta: null,
  };
}

/** The four plans in catalogue order, as the studio's plan pages and the server read them. */
export const PLAN_CATALOGUE: readonly PlanEntry[] = Object.freeze(PLANS.map(entryOf));

export function planEntry(plan: Plan): PlanEntry {
  return PLAN_CATALOGUE[PLANS.indexOf(plan)];
}
