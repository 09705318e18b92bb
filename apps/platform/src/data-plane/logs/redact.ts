/**
 * What a log entry may never hold: secrets, keys, JWTs, passwords, and query-string values that carry
 * them. The LogWriter applies this to every entry as it serialises it, so no service can forget.
 *
 * The rules, in order of how an entry is read:
 * - A key names a secret when one of its words (split at `_`, `-`, `.`, spaces and camelCase) is in
 *   SECRET_WORDS: `apikey`, `authorization`, `password`, `token` (`access_token`, `refreshToken`),
 *   `secret`, `jwt`, `key` (`api_key`, `x-api-key`, `service_key`), `cookie`, `credential`, `otp`...
 *   Its value, whatever it is (string, object, array), becomes '[redacted]'; null stays null.
 * - In every string: `name=value` pairs of a query string (after `?`, `&`, `;` or at the start) keep
 *   the name and lose a secret-named name's value; JWT-like text (`eyJ` + base64url, with or without
 *   dots), Supabase-style keys (`sb_secret_...`, `sb_publishable_...`, `sbp_...`), `Bearer`/`Basic`
 *   credentials and URL passwords (`scheme://user:password@`) become '[redacted]'.
 * Keeping the name (of a key or a parameter) keeps the entry useful: one can still see that an
 * apikey was sent, never which.
 */
export const REDACTED = '[redacted]';

const SECRET_WORDS = new Set([
  'apikey', 'authorization', 'password', 'passwd', 'passphrase', 'pwd', 'secret', 'secrets', 'token', 'tokens',
  'jwt', 'key', 'keys', 'cookie', 'cookies', 'credential', 'credentials', 'otp', 'totp',
]);

/**
 * Whole names that are secrets though their words are not (`error_code` is no secret, the OAuth and
 * PKCE `code` is): the code in `/callback?code=` and `?code=` signs someone in.
 */
const SECRET_NAMES = new Set(['code', 'auth_code', 'code_verifier', 'nonce']);

/** Names seen so far -> whether they name a secret; bounded, as names may come from requests. */
const nameCache = new Map<string, boolean>();
const NAME_CACHE_LIMIT = 2000;

export function isSecretName(name: string): boolean {
  let isSecret = nameCache.get(name);
  if (isSecret === undefined) {
    const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z0-9]+/);
    isSecret = SECRET_NAMES.has(name.toLowerCase()) || words.some((word) => SECRET_WORDS.has(word));
    if (nameCache.size >= NAME_CACHE_LIMIT) nameCache.clear();
    nameCache.set(name, isSecret);
  }
  return isSecret;
}

const JWT_LIKE = /eyJ[A-Za-z0-9_\-+/]{5,}(?:\.[A-Za-z0-9_\-+/=]*)*=*/g;
const SUPABASE_KEY = /\b(?:sb_(?:secret|publishable)_|sbp_)[A-Za-z0-9_-]{8,}/g;
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9_\-.~+/=]{8,}/gi;
const HAS_AUTH_SCHEME = /bearer|basic/i; // case-insensitive, so tested only on strings long enough to hold a credential
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@?#]*:)[^\s@/?#]+@/gi;
const QUERY_PAIR = /(^|[?&;])([^=&?#;\s]+)=([^&#;\s]*)/g;

function decodedName(name: string): string {
  if (!name.includes('%') && !name.includes('+')) return name;
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * A string with every secret it may hold replaced (see the rules above). Each pattern runs only when
 * a cheap `includes` says it could match: this runs on every string of every entry.
 */
export function redactText(text: string): string {
  let result = text;
  if (result.includes('=')) {
    result = result.replace(QUERY_PAIR, (pair, separator: string, name: string) => (isSecretName(decodedName(name)) ? `${separator}${name}=${REDACTED}` : pair));
  }
  if (result.includes('eyJ')) result = result.replace(JWT_LIKE, REDACTED);
  if (result.includes('sb_') || result.includes('sbp_')) result = result.replace(SUPABASE_KEY, REDACTED);
  if (result.length >= 14 && HAS_AUTH_SCHEME.test(result)) result = result.replace(AUTH_SCHEME, `$1 ${REDACTED}`);
  if (result.includes('://')) result = result.replace(URL_PASSWORD, `$1${REDACTED}@`);
  return result;
}

/**
 * A redacted copy of any JSON-able value: secret-named keys' values replaced, strings passed through
 * redactText. A walk plus a plain JSON.stringify afterwards, because JSON.stringify with a replacer
 * function leaves V8's fast path (measured: the writer's main cost on the request thread).
 */
export function redactMetadata<T>(metadata: T): T {
  return redactValue(metadata) as T;
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(redactValue);
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return redactValue(withJson.toJSON());
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key in source) {
    if (!Object.prototype.hasOwnProperty.call(source, key)) continue;
    const field = source[key];
    copy[key] = field === null || field === undefined ? field : isSecretName(key) ? REDACTED : redactValue(field);
  }
  return copy;
}
