/**
 * Password policy as GoTrue has it: a minimum length and optional required character sets, in
 * GoTrue's `password_required_characters` format (sets separated by `:`, a `\:` is a literal colon).
 * Failing is 422 weak_password with GoTrue's message and `weak_password.reasons`.
 */
import { REQUIRED_CHARACTER_CHOICES } from '@plinth/api-contract/auth-constants';
import { PlinthError } from '@plinth/errors';

export interface PasswordPolicy {
  minLength: number;
  /** '' (none) or one of REQUIRED_CHARACTER_CHOICES; any GoTrue-format value is honoured. */
  requiredCharacters: string;
}

/** The choices Supabase offers, shared with the studio's select. */
export { REQUIRED_CHARACTER_CHOICES };

/** GoTrue's default for a project; the platform's own dashboard users need 8. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 6, requiredCharacters: '' };
export const PLATFORM_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, requiredCharacters: '' };

/** Splits GoTrue's format into its sets: `:` separates, a set ending in `\` continues with a literal `:`. */
export function requiredCharacterSets(value: string): string[] {
  const parts = value.split(':');
  for (let i = 0; i < parts.length - 1; i++) {
    if (parts[i].endsWith('\\')) {
      parts[i + 1] = `${parts[i].slice(0, -1)}:${parts[i + 1]}`;
      parts[i] = '';
    }
  }
  return parts.filter((part) => part !== '');
}

/** Throws weak_password listing every rule the password breaks, as GoTrue words them. */
export function assertPasswordMeetsPolicy(password: string, policy: PasswordPolicy): void {
  const reasons: string[] = [];
  const messages: string[] = [];
  // Counted in characters (code points), not UTF-16 units: an emoji is one character to the person typing it.
  if ([...password].length < policy.minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minLength} characters.`);
  }
  const sets = requiredCharacterSets(policy.requiredCharacters);
  if (sets.some((set) => ![...set].some((c) => password.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  // Not a GoTrue rule: a password of spaces alone is one a form or a copy-paste made by mistake.
  if (password.length > 0 && password.trim() === '') {
    if (!reasons.includes('characters')) reasons.push('characters');
    messages.push('Password cannot be only whitespace.');
  }
  if (reasons.length > 0) throw new PlinthError('weak_password', messages.join(' '), { reasons });
}
