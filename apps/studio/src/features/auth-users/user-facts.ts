/** What the table and the panel say about one user, derived from GoTrue's user object. */
import type { AuthUser } from '@plinth/api-contract';

/** The ban choices; GoTrue takes Go durations, and 876000h (100 years) is its "forever". */
export const BAN_DURATIONS = [
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
  { value: '168h', label: '7 days' },
  { value: '720h', label: '30 days' },
  { value: '876000h', label: 'Permanently' },
] as const;
export type BanDuration = (typeof BAN_DURATIONS)[number]['value'];

export const WRITE_PERMISSION_MESSAGE = 'You need additional permissions to manage users';

/** The user's name in lists and titles: email, else phone, else what kind of user this is. */
export function userLabel(user: Pick<AuthUser, 'email' | 'phone' | 'is_anonymous'>): string {
  if (user.email) return user.email;
  if (user.phone) return user.phone;
  return user.is_anonymous ? 'Anonymous user' : 'No email or phone';
}

export function isBanned(user: Pick<AuthUser, 'banned_until'>, now: number = Date.now()): boolean {
  if (!user.banned_until) return false;
  const until = new Date(user.banned_until).getTime();
  return !Number.isNaN(until) && until > now;
}

/** Providers the user signs in with, from identities first, then app_metadata (GoTrue keeps both). */
export function userProviders(user: Pick<AuthUser, 'identities' | 'app_metadata' | 'is_anonymous'>): string[] {
  const providers = new Set(user.identities.map((identity) => identity.provider));
  const fromMetadata = user.app_metadata.providers;
  if (Array.isArray(fromMetadata)) for (const provider of fromMetadata) if (typeof provider === 'string') providers.add(provider);
  if (typeof user.app_metadata.provider === 'string') providers.add(user.app_metadata.provider);
  if (providers.size === 0 && user.is_anonymous) providers.add('anonymous');
  return [...providers];
}

export type UserStatus = 'banned' | 'anonymous' | 'unverified' | 'verified' | 'invited';

/** One word for the row's badge; a ban outranks everything, as it decides whether they can sign in. */
export function userStatus(user: AuthUser, now: number = Date.now()): UserStatus {
  if (isBanned(user, now)) return 'banned';
  if (user.is_anonymous) return 'anonymous';
  if (user.email_confirmed_at || user.confirmed_at) return 'verified';
  return user.invited_at ? 'invited' : 'unverified';
}

export const STATUS_LABELS: Record<UserStatus, string> = {
  banned: 'Banned',
  anonymous: 'Anonymous',
  unverified: 'Waiting for verification',
  verified: 'Verified',
  invited: 'Invited',
};

/** Actions sent by email need an address: anonymous and phone-only users have none. */
export function canReceiveEmail(user: Pick<AuthUser, 'email'>): boolean {
  return user.email.trim() !== '';
}

/** Metadata as the panel shows it: stable two-space JSON, `{}` when empty. */
export function metadataJson(value: Record<string, unknown>): string {
  return JSON.stringify(value, null, 2);
}
