/**
 * The plan catalogue as data (spec document 2 §9), read by the server and the studio alike:
 * plans and their names, prices, the limits services enforce (`limits(plan)`), the comparison
 * table, the other plan facts, and which roles each plan lets an organisation assign.
 */
export * from './plan.ts';
export * from './units.ts';
export * from './limits.ts';
export * from './pricing.ts';
export * from './facts.ts';
export * from './catalogue.ts';
export * from './roles.ts';
