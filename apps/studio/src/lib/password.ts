import { MIN_DB_PASSWORD_LENGTH } from './constants.ts';

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

export interface PasswordHint {
  score: PasswordStrength;
  label: string;
  message: string;
}

const COMMON = ['password', '123456', 'qwerty', 'letmein', 'postgres', 'admin', 'welcome', 'plinth'];

/** A quick local estimate; the server only enforces the minimum length. */
export function passwordStrength(password: string): PasswordHint {
  if (password.length === 0) {
    return { score: 0, label: '', message: `Use at least ${MIN_DB_PASSWORD_LENGTH} characters. A generated password is strongest.` };
  }
  if (password.length < MIN_DB_PASSWORD_LENGTH) {
    return { score: 0, label: 'Too short', message: `Use at least ${MIN_DB_PASSWORD_LENGTH} characters.` };
  }
  const lower = password.toLowerCase();
  if (COMMON.some((word) => lower.includes(word)) && password.length < 16) {
    return { score: 1, label: 'Weak', message: 'This password contains a common word. Add more characters or generate one.' };
  }
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  const points = (password.length >= 12 ? 1 : 0) + (password.length >= 16 ? 1 : 0) + Math.max(0, classes - 1);
  if (points >= 4) return { score: 4, label: 'Strong', message: 'This password is strong.' };
  if (points >= 3) return { score: 3, label: 'Good', message: 'Good password. Longer passwords are harder to guess.' };
  if (points >= 2) return { score: 2, label: 'Fair', message: 'Mix upper and lower case letters, digits and symbols, or make it longer.' };
  return { score: 1, label: 'Weak', message: 'This password is easy to guess. Make it longer or generate one.' };
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password from the browser's CSPRNG; no symbols so it pastes cleanly into connection strings. */
export function generatePassword(length = 20): string {
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  // Guarantee every class so the hint reads "Strong".
  return /[A-Z]/.test(out) && /[a-z]/.test(out) && /[0-9]/.test(out) ? out : generatePassword(length);
}
