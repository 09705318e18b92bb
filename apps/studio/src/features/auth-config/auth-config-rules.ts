/**
 * The auth configuration's rules as the server applies them (apps/platform/src/control/auth-config.ts
 * `assertConsistent`, and the contract's ranges), checked in the forms so most refusals never
 * leave the page. The server checks again and its message is shown when it refuses.
 */

export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function siteUrlProblem(value: string): string | null {
  const url = value.trim();
  return url !== '' && !isHttpUrl(url) ? 'Must be a valid URL' : null;
}

/** Optional URLs (a self-hosted GitLab, an Azure tenant): empty, or an http(s) URL. */
export function optionalUrlProblem(value: string): string | null {
  return value.trim() === '' || isHttpUrl(value.trim()) ? null : 'Must be a valid URL, such as https://example.com';
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * A redirect allow-list entry: a URL with a scheme, where `*` and `**` may stand for parts of it
 * (`https://*.example.com/**`). Commas separate entries in the stored list, so none may hold one.
 */
export function redirectUrlProblem(value: string, existing: readonly string[] = []): string | null {
  const url = value.trim();
  if (url === '') return 'Please provide a URL';
  if (/[\s,]/.test(url)) return 'A URL cannot contain spaces or commas';
  if (!SCHEME.test(url)) return `${url} is not a URL (it needs a scheme, such as https://)`;
  if (url.replace(SCHEME, '') === '') return 'The URL needs a host after its scheme';
  if (existing.includes(url)) return 'This URL is already in the list';
  return null;
}

/** `uri_allow_list` is comma-separated; the studio shows and edits it as a list. */
export function parseAllowList(value: string): string[] {
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

export function serializeAllowList(urls: readonly string[]): string {
  return urls.join(',');
}

export interface IntegerRange {
  min: number;
  max?: number;
}

/** A whole number typed into a text box, within the contract's range for its field. */
export function integerProblem(text: string, { min, max }: IntegerRange): string | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return 'Must be a whole number';
  const number = Number(value);
  if (number < min) return `Must be at least ${min.toLocaleString('en-US')}`;
  if (max !== undefined && number > max) return `Must be at most ${max.toLocaleString('en-US')}`;
  return null;
}

/** The contract's ranges (packages/api-contract/src/auth-config.ts), by field. */
export const RANGES = {
  mailer_otp_exp: { min: 60, max: 86_400 },
  mailer_otp_length: { min: 6, max: 10 },
  password_min_length: { min: 6, max: 1024 },
  jwt_exp: { min: 30, max: 604_800 },
  security_refresh_token_reuse_interval: { min: 0, max: 3600 },
  sessions_timebox: { min: 0 },
  sessions_inactivity_timeout: { min: 0 },
  smtp_max_frequency: { min: 0, max: 86_400 },
  rate_limit: { min: 0, max: 100_000 },
} satisfies Record<string, IntegerRange>;

export function smtpPortProblem(port: string): string | null {
  const value = port.trim();
  return /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535 ? null : 'Must be a port number';
}

export function senderEmailProblem(email: string): string | null {
  return /^[^\s@]+@[^\s@]+$/.test(email.trim()) ? null : 'The sender email address is required when SMTP is enabled';
}

export const HOOK_URI_PREFIX = 'pg-functions://postgres/';
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const HOOK_URI = /^pg-functions:\/\/postgres\/([^/]+)\/([^/]+)$/;

export function hookUriOf(schema: string, fn: string): string {
  return `${HOOK_URI_PREFIX}${schema.trim()}/${fn.trim()}`;
}

/** The schema and function a hook URI names; an empty function when it is not such a URI. */
export function parseHookUri(uri: string): { schema: string; fn: string } {
  const match = HOOK_URI.exec(uri);
  return match ? { schema: match[1], fn: match[2] } : { schema: 'public', fn: '' };
}

/** Hooks run a Postgres function the server calls by plain (unquoted) name. */
export function hookProblem(schema: string, fn: string): { schema: string | null; fn: string | null } {
  const nameProblem = (name: string, what: string) =>
    name.trim() === '' ? `Choose a ${what}` : IDENTIFIER.test(name.trim()) ? null : `A ${what} name here has letters, digits, _ and $ only, and does not start with a digit`;
  return { schema: nameProblem(schema, 'schema'), fn: nameProblem(fn, 'function') };
}
