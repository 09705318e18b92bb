import { z } from 'zod';
import { paymentMethodUpdateBody } from './billing.ts';
import { emailSchema, planSchema, roleSchema, slugSchema } from './common.ts';

export const organizationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  plan: z.object({ id: planSchema, name: z.string() }),
  billing_email: z.string().nullable(),
  usage_billing_enabled: z.boolean(),
  inserted_at: z.string(),
  /** The caller's own role, and what it may do: computed by the server so the UI never re-implements rules. */
  role: roleSchema,
  is_owner: z.boolean(),
  permissions: z.array(z.string()),
  features: z.array(z.string()),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationCreateBody = z.object({
  name: z.string().trim().min(1, 'Please provide an organization name').max(64),
  slug: slugSchema.optional(),
  plan: planSchema.optional(),
  /** Required for a paid plan (Pro, Team): how the organisation pays, as PUT .../billing/payment-method takes it. */
  payment_method: paymentMethodUpdateBody.optional(),
});
export const organizationUpdateBody = z.object({
  name: z.string().trim().min(1, 'Please provide an organization name').max(64).optional(),
  billing_email: emailSchema.nullable().optional(),
});
export const organizationDeleteBody = z.object({ confirm_slug: z.string() });

export const memberSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  primary_email: z.string(),
  role: roleSchema,
  mfa_enabled: z.boolean(),
  joined_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  invited_at: z.string(),
  invited_by: z.string(),
  organization_slug: z.string(),
  organization_name: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationCreateBody = z.object({ email: emailSchema, role: roleSchema });
export const memberUpdateBody = z.object({ role: roleSchema });

export const freeProjectLimitMemberSchema = z.object({
  username: z.string(),
  primary_email: z.string(),
  free_project_limit: z.number().int(),
});

export const subscriptionSchema = z.object({
  plan: z.object({ id: planSchema, name: z.string() }),
  usage_billing_enabled: z.boolean(),
  billing_cycle_anchor: z.number().int(),
});

export const usageSchema = z.object({
  usages: z.array(
    z.object({
      metric: z.string(),
      usage: z.number(),
      pricing_free_units: z.number().nullable(),
      capped: z.boolean(),
      available_in_plan: z.boolean(),
      unlimited: z.boolean(),
    }),
  ),
  /** The plan and cycle the figures are for (the "Exceeding usage limits" badge reads the plan). */
  plan: planSchema.optional(),
  usage_billing_enabled: z.boolean().optional(),
  period_start: z.string().optional(),
  period_end: z.string().optional(),
});
