/**
 * Plinth is the hosted product for whoever operates it: entries the spec marks "hosted only" are
 * shown, each built by its own issue.
 */
export const IS_PLATFORM = true;

/** Polling and time-outs of the lifecycle screens (spec document 1, §9). */
export const SETUP_POLL_MS = 4000;
export const CONNECTING_POLL_MS = 4000;
export const RESTORE_POLL_MS = 4000;
export const STATUS_REQUEST_TIMEOUT_MS = 2000;
export const PAUSING_POLL_MS = 2000;
export const PAUSING_POLL_DELAY_MS = 4000;
export const UPGRADE_POLL_MS = 5000;
export const RESOURCE_WARNINGS_STALE_MS = 1_800_000;
/** Versions at or above this one answer the live endpoint; older ones are checked through REST. */
export const KPS_LIVE_ENDPOINT_VERSION = 'kps-v3.8.6';
export const SETUP_SUPPORT_AFTER_MINUTES = 2;

export const AUDIT_PAGE_SIZE = 50;
export const MIN_DB_PASSWORD_LENGTH = 8;

/** Where to reach support when the project's settings (which name the operator's address) did not load. */
export const SUPPORT_EMAIL = 'support@localhost';

export const SUPPORT_CATEGORIES = [
  { value: 'Problem', label: 'Issues with APIs / client libraries' },
  { value: 'Database_unresponsive', label: 'Database unresponsive' },
  { value: 'Performance', label: 'Performance issues' },
  { value: 'Login_issues', label: 'Issues with logging in' },
  { value: 'Billing', label: 'Billing' },
  { value: 'Sales', label: 'Sales enquiry' },
  { value: 'Abuse', label: 'Abuse report' },
  { value: 'Refund', label: 'Refund enquiry' },
] as const;

/** Where the data-plane of a project is reached, as `createClient(url, anonKey)` expects it. */
export function projectPublicUrl(ref: string): string {
  return `${location.origin}/p/${ref}`;
}
