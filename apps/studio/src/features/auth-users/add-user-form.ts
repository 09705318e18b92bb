/** The add-user forms' checks, run before anything is sent (the server checks again). */

export interface CreateUserValues {
  email: string;
  password: string;
  /** The spec's "Auto Confirm User?": confirm the address at once instead of mailing a link. */
  autoConfirm: boolean;
}

export const EMPTY_CREATE_USER: CreateUserValues = { email: '', password: '', autoConfirm: true };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'Please provide an email address';
  if (!EMAIL_SHAPE.test(trimmed)) return 'Please enter a valid email address';
  return null;
}

export function validateCreateUser(values: CreateUserValues): Partial<Record<'email' | 'password', string>> {
  const errors: Partial<Record<'email' | 'password', string>> = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'Please provide a password';
  return errors;
}

export function createUserBody(values: CreateUserValues): { email: string; password: string; email_confirm: boolean } {
  return { email: values.email.trim(), password: values.password, email_confirm: values.autoConfirm };
}
