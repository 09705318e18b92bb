import { z } from 'zod';
import { okSchema, slugSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

export const THEMES = ['light', 'dark', 'system'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

export const preferencesSchema = z.object({
  theme: themeSchema,
  /** Where /projects and sign-in land; null when unset or no longer a member. */
  default_organization_slug: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesUpdateBody = z.object({
  theme: themeSchema.optional(),
  default_organization_slug: slugSchema.nullable().optional(),
});

export const accountDeleteBody = z.object({
  /** The account's email, typed by the person as confirmation. */
  confirm_email: z.string().trim().min(1).max(320),
});

/** The signed-in user's own preferences, and deleting the account. */
export const accountPreferenceEndpoints = {
  preferences: endpoint({ method: 'GET', path: '/profile/preferences', summary: "The signed-in user's preferences (theme, default organization)", response: preferencesSchema }),
  preferencesUpdate: endpoint({ method: 'PATCH', path: '/profile/preferences', summary: 'Change preferences', body: preferencesUpdateBody, response: preferencesSchema }),
  accountDelete: endpoint({ method: 'DELETE', path: '/profile', summary: 'Delete the signed-in account: sessions, tokens, memberships and profile (refused while it is the only owner of an organization with other members or projects)', body: accountDeleteBody, response: okSchema }),
} as const satisfies Record<string, Endpoint>;
