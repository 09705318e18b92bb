const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A quick shape check before the server's own validation. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
