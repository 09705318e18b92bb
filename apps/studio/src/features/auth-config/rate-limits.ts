/** The rate limits, per hour, with what each one counts, and their form's spec. */
import { integerProblem, RANGES } from './auth-config-rules.ts';
import type { ConfigFormSpec } from './use-config-form.ts';

export const RATE_LIMITS = [
  {
    field: 'rate_limit_email_sent',
    label: 'Rate limit for sending emails',
    description: 'Number of emails that can be sent per hour from your project: sign-up confirmations, magic links, recoveries, email changes and invitations, whether sent by SMTP or kept by the mail catcher.',
  },
  {
    field: 'rate_limit_otp',
    label: 'Rate limit for sign ups and sign ins',
    description: 'Number of sign up and sign-in requests (magic links and one-time codes) that can be made per hour per IP address.',
  },
  {
    field: 'rate_limit_verify',
    label: 'Rate limit for token verifications',
    description: 'Number of OTP and magic link verifications that can be made per hour per IP address: this is what stops codes being guessed.',
  },
  {
    field: 'rate_limit_token_refresh',
    label: 'Rate limit for token refreshes',
    description: 'Number of sessions that can be refreshed per hour per IP address.',
  },
  {
    field: 'rate_limit_anonymous_users',
    label: 'Rate limit for anonymous users',
    description: 'Number of anonymous sign-ins that can be made per hour per IP address.',
  },
] as const;

export type RateLimitField = (typeof RATE_LIMITS)[number]['field'];
export type RateLimitsDraft = Record<RateLimitField, string>;

export const rateLimitsSpec: ConfigFormSpec<RateLimitsDraft> = {
  draftOf: (config) => Object.fromEntries(RATE_LIMITS.map(({ field }) => [field, String(config[field])])) as RateLimitsDraft,
  bodyOf: (draft) => Object.fromEntries(RATE_LIMITS.map(({ field }) => [field, Number(draft[field].trim())])),
  validate: (draft) => Object.fromEntries(RATE_LIMITS.map(({ field }) => [field, integerProblem(draft[field], RANGES.rate_limit)])),
};
