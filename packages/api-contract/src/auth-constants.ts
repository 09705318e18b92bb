/**
 * Auth constants the studio needs at runtime, in a file without zod so importing them
 * (`@plinth/api-contract/auth-constants`) adds bytes, not a validation library, to a page.
 */

/** The mail templates a project can edit, by the Management API's names (`mailer_subjects_<name>`, `mailer_templates_<name>_content`). */
export const MAIL_TEMPLATES = ['confirmation', 'invite', 'magic_link', 'email_change', 'recovery', 'reauthentication'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** External sign-in providers a project can enable (OAuth 2.0 / OpenID Connect). */
export const EXTERNAL_PROVIDERS = ['google', 'github', 'gitlab', 'azure', 'keycloak', 'oidc'] as const;
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number];

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = `!@#$%^&*()_+-=[]{};'\\\\:"|<>?,./\`~`;

/**
 * The choices Supabase offers for `password_required_characters`, by the names of its CLI config, in
 * GoTrue's format (character sets separated by `:`, `\:` a literal colon).
 */
export const REQUIRED_CHARACTER_CHOICES = {
  letters_digits: `${LOWER}${UPPER}:${DIGITS}`,
  lower_upper_letters_digits: `${LOWER}:${UPPER}:${DIGITS}`,
  lower_upper_letters_digits_symbols: `${LOWER}:${UPPER}:${DIGITS}:${SYMBOLS}`,
} as const;
