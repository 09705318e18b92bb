import { z } from 'zod';
import { refSchema, slugSchema, planSchema, emailSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';
import { supportTicketSchema } from './account.ts';

/**
 * Billing (Organisation > Billing, Project > Add-ons): an organisation's subscription (its plan, the
 * spend cap, how it pays) and a project's add-ons. Payment goes through a provider
 * (apps/platform/src/control/payment-providers.ts); Plinth ships the manual/invoice one.
 */
export const PAYMENT_PROVIDERS = ['manual'] as const;

/** The manual/invoice provider records who to invoice; nothing is charged by Plinth itself. */
export const manualPaymentDetailsSchema = z.object({
  billing_email: emailSchema,
  billing_address: z.string().trim().max(500).nullable().optional(),
  purchase_order: z.string().trim().max(100).nullable().optional(),
});

export const paymentMethodSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's own words for the method, e.g. "Invoice to billing@example.com". */
  summary: z.string(),
  details: manualPaymentDetailsSchema,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const billingSubscriptionSchema = z.object({
  plan: z.object({ id: planSchema, name: z.string() }),
  /** Seconds since the epoch when the current billing cycles started counting (Supabase's field). */
  billing_cycle_anchor: z.number().int(),
  current_period_start: z.number().int(),
  current_period_end: z.number().int(),
  /** Spend cap off = usage billing on: usage beyond the plan is billed rather than capped. */
  usage_billing_enabled: z.boolean(),
  payment_method: paymentMethodSchema.nullable(),
  /** False when the operator switched subscription changes off (PLINTH_SUBSCRIPTION_CHANGES=off). */
  changes_enabled: z.boolean(),
});
export type Subscription = z.infer<typeof billingSubscriptionSchema>;

export const subscriptionUpdateBody = z
  .object({ plan: planSchema.optional(), usage_billing_enabled: z.boolean().optional() })
  .refine((body) => body.plan !== undefined || body.usage_billing_enabled !== undefined, 'Give a plan or usage_billing_enabled.');

export const paymentMethodUpdateBody = z.object({ provider: z.enum(PAYMENT_PROVIDERS), details: manualPaymentDetailsSchema });

/** Why a plan change was refused: each thing the organisation must change first. */
export const downgradeBlockerSchema = z.object({
  kind: z.enum(['free_organization_limit', 'free_project_limit', 'pitr', 'member_roles', 'function_count', 'database_size']),
  message: z.string(),
});
export type DowngradeBlocker = z.infer<typeof downgradeBlockerSchema>;

export const enterpriseContactBody = z.object({
  company: z.string().trim().min(1, 'Please add your company').max(200),
  message: z.string().trim().min(1, 'Please add a message').max(10000),
});

export const ADDON_TYPES = ['compute_instance', 'pitr', 'custom_domain', 'ipv4'] as const;
export type AddonType = (typeof ADDON_TYPES)[number];

export const projectAddonSchema = z.object({
  type: z.enum(ADDON_TYPES),
  name: z.string(),
  /** What it is and what it means on this Plinth's engine. */
  description: z.string(),
  enabled: z.boolean(),
  /** The current setting in words, e.g. the compute size's figures. */
  variant: z.string().nullable(),
  /** Why it cannot be changed here (the engine, the plan, or Plinth itself); null when it can. */
  unavailable_reason: z.string().nullable(),
  /** The catalogue's price, where it lists one. */
  price: z.string().nullable(),
});
export type ProjectAddon = z.infer<typeof projectAddonSchema>;

export const projectAddonsSchema = z.object({
  ref: z.string(),
  organization_slug: z.string(),
  plan: z.object({ id: planSchema, name: z.string() }),
  engine: z.string(),
  addons: z.array(projectAddonSchema),
});
export type ProjectAddons = z.infer<typeof projectAddonsSchema>;

const slugParams = z.object({ slug: slugSchema });
const refParams = z.object({ ref: refSchema });

export const billingEndpoints = {
  organizationSubscription: endpoint({
    method: 'GET', path: '/organizations/:slug/billing/subscription',
    summary: "The organization's subscription: plan, billing cycle, spend cap and payment method",
    params: slugParams, response: billingSubscriptionSchema,
  }),
  organizationSubscriptionUpdate: endpoint({
    method: 'PUT', path: '/organizations/:slug/billing/subscription',
    summary: 'Change the plan or the spend cap (billing write); a downgrade is refused with what blocks it',
    params: slugParams, body: subscriptionUpdateBody, response: billingSubscriptionSchema,
  }),
  organizationPaymentMethodUpdate: endpoint({
    method: 'PUT', path: '/organizations/:slug/billing/payment-method',
    summary: "Record how the organization pays (billing write): the manual/invoice provider's billing email, address and purchase order",
    params: slugParams, body: paymentMethodUpdateBody, response: billingSubscriptionSchema,
  }),
  organizationEnterpriseContact: endpoint({
    method: 'POST', path: '/organizations/:slug/billing/enterprise-contact',
    summary: 'Ask about the Enterprise plan: files a Sales support ticket for the organization',
    params: slugParams, body: enterpriseContactBody, response: supportTicketSchema,
  }),
  projectAddons: endpoint({
    method: 'GET', path: '/projects/:ref/billing/addons',
    summary: "The project's add-ons (compute size, PITR, custom domain, IPv4): what each means here and whether it can be changed",
    params: refParams, response: projectAddonsSchema,
  }),
} as const satisfies Record<string, Endpoint>;
