/** What POST /api/organizations needs for `plan`: a paid plan is created only with a payment method (the manual provider's details). */
export const MANUAL_PAYMENT = { provider: 'manual', details: { billing_email: 'billing@example.com' } } as const;

export function organizationBody(name: string, plan = 'free'): Record<string, unknown> {
  return plan === 'pro' || plan === 'team' ? { name, plan, payment_method: MANUAL_PAYMENT } : { name, plan };
}
