import { z } from 'zod';

export const profileSchema = z.object({
  id: z.string(),
  gotrue_id: z.string(),
  username: z.string(),
  primary_email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  inserted_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileUpdateBody = z.object({
  first_name: z.string().trim().max(100).nullable().optional(),
  last_name: z.string().trim().max(100).nullable().optional(),
  username: z.string().trim().min(1).max(64).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  organization_slug: z.string().nullable(),
  project_ref: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().optional(),
});
export const auditListResponse = z.object({ entries: z.array(auditEntrySchema), next_before: z.number().int().nullable() });

export const SUPPORT_CATEGORIES = [
  'Problem',
  'Database_unresponsive',
  'Performance',
  'Sales',
  'Billing',
  'Abuse',
  'Refund',
  'Login_issues',
] as const;
export const supportTicketBody = z.object({
  category: z.enum(SUPPORT_CATEGORIES),
  project_ref: z.string().max(64).nullable().optional(),
  organization_slug: z.string().max(64).nullable().optional(),
  subject: z.string().trim().min(1, 'Please add a subject').max(200),
  message: z.string().trim().min(1, 'Please add a message').max(10000),
});
export const supportTicketSchema = z.object({
  id: z.number().int(),
  category: z.enum(SUPPORT_CATEGORIES),
  project_ref: z.string().nullable(),
  organization_slug: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;
