import type { Plan } from './plan.ts';

/** The catalogue's "Other plan facts" as data services and pages can test. */
export interface PlanFacts {
  /** Point-in-time recovery: false = not available; maxDays null = not shown (Pro) or custom (Enterprise). */
  pointInTimeRecovery: false | { maxDays: number | null };
  metricsEndpoint: boolean;
  /** SAML 2.0: a priced add-on on Pro (see ADD_ON_PRICES.saml), included from Team. */
  saml: false | 'add-on' | 'included';
  dashboardSso: boolean;
  soc2: boolean;
  /** HIPAA is a paid add-on on Team and above. */
  hipaaAddOn: boolean;
  /** Uptime SLA in percent; Enterprise only. */
  slaPercent: number | null;
  billedHourlyForActiveCompute: boolean;
}

export const PLAN_FACTS: Readonly<Record<Plan, Readonly<PlanFacts>>> = Object.freeze({
  free: {
    pointInTimeRecovery: false,
    metricsEndpoint: false,
    saml: false,
    dashboardSso: false,
    soc2: false,
    hipaaAddOn: false,
    slaPercent: null,
    billedHourlyForActiveCompute: false,
  },
  pro: {
    pointInTimeRecovery: { maxDays: null },
    metricsEndpoint: true,
    saml: 'add-on',
    dashboardSso: false,
    soc2: false,
    hipaaAddOn: false,
    slaPercent: null,
    billedHourlyForActiveCompute: true,
  },
  team: {
    // "PITR rollback beyond 28 days needs Enterprise."
    pointInTimeRecovery: { maxDays: 28 },
    metricsEndpoint: true,
    saml: 'included',
    dashboardSso: true,
    soc2: true,
    hipaaAddOn: true,
    slaPercent: null,
    billedHourlyForActiveCompute: true,
  },
  enterprise: {
    pointInTimeRecovery: { maxDays: null },
    metricsEndpoint: true,
    saml: 'included',
    dashboardSso: true,
    soc2: true,
    hipaaAddOn: true,
    slaPercent: 99.9,
    billedHourlyForActiveCompute: true,
  },
});

/** The same facts in the catalogue's words, for pages that list them. */
export const OTHER_PLAN_FACTS: readonly string[] = Object.freeze([
  'Free allows 2 free organisations.',
  'Pro: PITR costs $100 per 7 days; image transformations 100 origin images, then $5 per 1000; custom domain $10 per month; metrics endpoint on Pro and above; SAML 2.0 on Pro with 50 included users, then $0.015 per MAU.',
  'Team: PITR rollback beyond 28 days needs Enterprise; SSO for the dashboard and SAML included; SOC2 from Team upward; HIPAA is a paid add-on on Team and above.',
  'A 99.9% SLA is Enterprise only.',
  'Backups are not available on Free, and databases over 1TB require Enterprise pricing.',
  'Paid plans are billed hourly for active compute.',
]);
