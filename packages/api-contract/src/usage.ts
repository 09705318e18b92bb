import { z } from 'zod';
import { refSchema, slugSchema, planSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';
import type { usageSchema } from './organizations.ts';

/**
 * Usage and invoices (Organisation > Usage, Invoices). Usage is metered hourly into the platform
 * database; the billing cycle is the calendar month (UTC). Metric names are Supabase's.
 */
export const USAGE_METRICS = [
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
export type UsageMetric = (typeof USAGE_METRICS)[number];

export const usageQuery = z.object({ project_ref: refSchema.optional() });

/** GET /organizations/{slug}/usage (its schema is organizations.ts' usageSchema, older than this file). */
export type OrganizationUsage = z.infer<typeof usageSchema>;

export const usageDailySchema = z.object({
  period_start: z.string(),
  period_end: z.string(),
  /** One entry per UTC day of the cycle: `date` (YYYY-MM-DD) and a figure per metric metered that day (none: nothing measured). */
  days: z.array(z.object({ date: z.string(), values: z.partialRecord(z.enum(USAGE_METRICS), z.number()) })),
});
export type DailyUsage = z.infer<typeof usageDailySchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  metric: z.enum(USAGE_METRICS).nullable(),
  quantity: z.number(),
  unit: z.string(),
  included: z.number().nullable(),
  amount_usd: z.number(),
});

export const invoiceSchema = z.object({
  /** null for the upcoming invoice (the current month, computed live). */
  id: z.number().int().nullable(),
  status: z.enum(['issued', 'upcoming']),
  period_start: z.string(),
  period_end: z.string(),
  plan: planSchema,
  lines: z.array(invoiceLineSchema),
  amount_usd: z.number(),
  issued_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const slugParams = z.object({ slug: slugSchema });

export const usageEndpoints = {
  organizationUsageDaily: endpoint({
    method: 'GET',
    path: '/organizations/:slug/usage/daily',
    summary: 'Usage per day over the current billing cycle, for charts',
    params: slugParams,
    query: usageQuery,
    response: usageDailySchema,
  }),
  organizationInvoices: endpoint({
    method: 'GET',
    path: '/organizations/:slug/invoices',
    summary: 'The upcoming invoice and issued ones, newest first (billing:invoices)',
    params: slugParams,
    response: z.array(invoiceSchema),
  }),
  organizationInvoicePdf: endpoint({
    method: 'GET',
    path: '/organizations/:slug/invoices/:id/pdf',
    summary: 'One invoice as a PDF (application/pdf); id `upcoming` for the current month',
    params: z.object({ slug: slugSchema, id: z.string().max(20) }),
    response: z.string(),
  }),
} as const satisfies Record<string, Endpoint>;
