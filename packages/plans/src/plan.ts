/** The four plans an organisation can be on (spec document 2 §9), by the id the platform stores. */
export const PLANS = ['free', 'pro', 'team', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_NAMES: Record<Plan, string> = { free: 'Free', pro: 'Pro', team: 'Team', enterprise: 'Enterprise' };

/** The catalogue's own ids (spec document 2 §3 "Plan": tier_free, tier_pro, tier_team, tier_enterprise). */
export type PlanTierId = `tier_${Plan}`;

export function tierIdOf(plan: Plan): PlanTierId {
  return `tier_${plan}`;
}

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/** Whether the plan is a paid one (paid plans are billed hourly for active compute). */
export function isPaidPlan(plan: Plan): boolean {
  return plan !== 'free';
}
