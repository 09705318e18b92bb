/**
 * How an organisation pays. Plinth reaches no card processor, so it ships one provider, "manual":
 * the operator invoices the organisation by hand from what it records (billing email, address,
 * purchase order) and the invoices page's figures.
 *
 * To add a processor (Stripe, Paddle, ...): write a `PaymentProvider` beside this one, add its id to
 * PAYMENT_PROVIDERS in packages/api-contract/src/billing.ts with its details schema, and register it
 * in PROVIDERS below. `record` is where it would create or confirm the customer and payment method
 * with the processor; `onPlanChange` is where it would start, change or end the processor's
 * subscription. Both run before the organisation row is updated, so a refusal leaves nothing half-done.
 */
import type { PaymentMethod } from '@plinth/api-contract';
import type { Plan } from '@plinth/plans';

export type PaymentDetails = PaymentMethod['details'];

export interface PaymentProvider {
  id: PaymentMethod['provider'];
  /** A short description of the method for the billing page. */
  summarize(details: PaymentDetails): string;
  /** Checks and stores what the organisation gives (here: nothing leaves Plinth); answers what to keep. */
  record(organizationSlug: string, details: PaymentDetails): Promise<PaymentDetails>;
  /** Called when the plan changes; a processor would move the subscription it charges. */
  onPlanChange(organizationSlug: string, from: Plan, to: Plan, details: PaymentDetails | null): Promise<void>;
}

const manualProvider: PaymentProvider = {
  id: 'manual',
  summarize: (details) =>
    `Invoice to ${details.billing_email}${details.purchase_order ? ` (PO ${details.purchase_order})` : ''}`,
  record: async (_slug, details) => ({
    billing_email: details.billing_email,
    billing_address: details.billing_address || null,
    purchase_order: details.purchase_order || null,
  }),
  // The operator invoices from the plan and the metered usage; there is nothing to tell anyone.
  onPlanChange: async () => {},
};

const PROVIDERS: Record<PaymentMethod['provider'], PaymentProvider> = { manual: manualProvider };

export function paymentProvider(id: string): PaymentProvider {
  return PROVIDERS[id as PaymentMethod['provider']] ?? manualProvider;
}

/** The stored method in the API's shape; null until the organisation records one. */
export function presentPaymentMethod(providerId: string, details: PaymentDetails | null): PaymentMethod | null {
  if (!details) return null;
  const provider = paymentProvider(providerId);
  return { provider: provider.id, summary: provider.summarize(details), details };
}
