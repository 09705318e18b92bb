/** The in-app path to go back to after signing in; anything else (other origins, //host) falls back. */
export function safeReturnTo(value: string | null | undefined, fallback = '/projects'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/sign-in') || value.startsWith('/sign-up')) return fallback;
  return value;
}

export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  return returnTo ? `${path}?${new URLSearchParams({ returnTo })}` : path;
}
