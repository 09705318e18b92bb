import { z } from 'zod';
import { ROLES } from '@plinth/permissions';
import { PLANS } from '@plinth/plans';

export const slugSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lowercase letters, digits and hyphens only.');
export const refSchema = z.string().regex(/^[a-z]{20}$/, 'A project ref is 20 lowercase letters.');
export const roleSchema = z.enum(ROLES);
export const planSchema = z.enum(PLANS);
export const emailSchema = z.string().trim().toLowerCase().email().max(320);

export const PROJECT_STATUSES = [
  'INACTIVE',
  'COMING_UP',
  'UNKNOWN',
  'ACTIVE_HEALTHY',
  'GOING_DOWN',
  'PAUSING',
  'RESTORING',
  'RESTORATION_FAILED',
  'UPGRADING',
  'REMOVED',
] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});

export const okSchema = z.object({ message: z.string() });
