import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';

/** A factor as GoTrue lists it on the user; auth-js's listFactors() reads exactly these. */
export interface Factor {
  id: string;
  friendly_name: string | null;
  factor_type: 'totp';
  status: 'unverified' | 'verified';
  created_at: string;
  updated_at: string;
}

export interface Identity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The user as GoTrue presents it (GET /user, sessions, admin). */
export interface User {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: string | null;
  phone: string;
  confirmed_at: string | null;
  last_sign_in_at: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: Identity[];
  factors: Factor[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
  /** Signed up through SAML single sign-on. */
  is_sso_user: boolean;
  banned_until?: string;
  invited_at?: string;
  confirmation_sent_at?: string;
  recovery_sent_at?: string;
  /** An email change waiting for confirmation. */
  new_email?: string;
  email_change_sent_at?: string;
}

/** Engines hand back Date for timestamptz columns, strings inside json; both become ISO strings. */
export function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

const USER_SELECT = `
  select u.id, u.aud, u.role, u.email, u.email_confirmed_at, u.phone, u.last_sign_in_at,
         u.raw_app_meta_data, u.raw_user_meta_data, u.is_anonymous, u.is_sso_user, u.banned_until, u.created_at, u.updated_at,
         u.invited_at, u.confirmation_sent_at, u.recovery_sent_at, u.email_change, u.email_change_sent_at,
         coalesce((select json_agg(json_build_object(
             'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
             'provider', i.provider, 'email', i.email, 'last_sign_in_at', i.last_sign_in_at,
             'created_at', i.created_at, 'updated_at', i.updated_at) order by i.created_at)
           from auth.identities i where i.user_id = u.id), '[]') as identities,
         coalesce((select json_agg(json_build_object(
             'id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'status', f.status,
             'created_at', f.created_at, 'updated_at', f.updated_at) order by f.created_at)
           from auth.mfa_factors f where f.user_id = u.id), '[]') as factors
  from auth.users u`;

type Row = Record<string, unknown>;
const asObject = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const asArray = (v: unknown): Row[] => (Array.isArray(v) ? v : typeof v === 'string' ? JSON.parse(v) : []);

function presentUser(row: Row): User {
  const confirmed = toIso(row.email_confirmed_at);
  const banned = toIso(row.banned_until);
  return {
    id: String(row.id),
    aud: String(row.aud),
    role: String(row.role),
    email: (row.email as string | null) ?? '',
    email_confirmed_at: confirmed,
    phone: (row.phone as string | null) ?? '',
    confirmed_at: confirmed,
    last_sign_in_at: toIso(row.last_sign_in_at),
    app_metadata: asObject(row.raw_app_meta_data),
    user_metadata: asObject(row.raw_user_meta_data),
    identities: asArray(row.identities).map((i) => ({
      ...(i as unknown as Identity),
      last_sign_in_at: toIso(i.last_sign_in_at),
      created_at: toIso(i.created_at) as string,
      updated_at: toIso(i.updated_at) as string,
    })),
    factors: asArray(row.factors).map((f) => ({
      ...(f as unknown as Factor),
      created_at: toIso(f.created_at) as string,
      updated_at: toIso(f.updated_at) as string,
    })),
    created_at: toIso(row.created_at) as string,
    updated_at: toIso(row.updated_at) as string,
    is_anonymous: row.is_anonymous === true,
    is_sso_user: row.is_sso_user === true,
    ...(banned && new Date(banned) > new Date() ? { banned_until: banned } : {}),
    ...optionalDates(row, ['invited_at', 'confirmation_sent_at', 'recovery_sent_at', 'email_change_sent_at']),
    ...(row.email_change ? { new_email: String(row.email_change) } : {}),
  };
}

/** GoTrue leaves these out of a user until they happened. */
function optionalDates(row: Row, columns: string[]): Record<string, string> {
  return Object.fromEntries(columns.flatMap((column) => (row[column] ? [[column, toIso(row[column]) as string]] : [])));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export async function findUser(db: Queryable, id: string): Promise<User | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<Row>(`${USER_SELECT} where u.id = $1 and u.deleted_at is null`, [id]);
  return rows[0] ? presentUser(rows[0]) : null;
}

export async function getUser(db: Queryable, id: string): Promise<User> {
  const user = await findUser(db, id);
  if (!user) throw new PlinthError('user_not_found');
  return user;
}

export interface UserSearch {
  page: number;
  perPage: number;
  /** Part of an email, phone or id. */
  keywords?: string;
  filter?: 'all' | 'verified' | 'unverified' | 'anonymous';
  /** Users with an identity of this provider. */
  provider?: string;
  sort?: 'created_at' | 'email' | 'last_sign_in_at';
  order?: 'asc' | 'desc';
}

const FILTERS = {
  all: 'true',
  verified: 'u.email_confirmed_at is not null',
  unverified: 'u.email_confirmed_at is null and not u.is_anonymous',
  anonymous: 'u.is_anonymous',
} as const;
const SORTS = { created_at: 'u.created_at', email: 'u.email', last_sign_in_at: 'u.last_sign_in_at' } as const;

/** One page of users, newest first unless asked otherwise; filters and sort come from fixed lists. */
export async function listUsers(db: Queryable, search: UserSearch): Promise<{ users: User[]; total: number }> {
  const where = `u.deleted_at is null and ${FILTERS[search.filter ?? 'all']}
    and ($1 = '' or u.email ilike '%' || $1 || '%' or u.phone ilike '%' || $1 || '%' or u.id::text ilike '%' || $1 || '%')
    and ($2 = '' or exists(select 1 from auth.identities pi where pi.user_id = u.id and pi.provider = $2))`;
  // LIKE's wildcards in the keywords are matched literally.
  const keywords = (search.keywords ?? '').replace(/[\\%_]/g, (c) => `\\${c}`);
  const params = [keywords, search.provider ?? ''];
  const count = await db.query<{ n: number }>(`select count(*)::int as n from auth.users u where ${where}`, params);
  const order = `${SORTS[search.sort ?? 'created_at']} ${search.order === 'asc' ? 'asc' : 'desc'} nulls last, u.id`;
  const { rows } = await db.query<Row>(
    `${USER_SELECT} where ${where} order by ${order} limit $3 offset $4`,
    [...params, search.perPage, (search.page - 1) * search.perPage],
  );
  return { users: rows.map(presentUser), total: count.rows[0].n };
}

/** The live user with this (normalised) address, if any. */
export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('select id from auth.users where lower(email) = $1 and not is_sso_user and deleted_at is null', [email]);
  return rows[0]?.id ?? null;
}

/** The credentials row for a password sign-in; null when no such (live) user. */
export async function findCredentials(db: Queryable, email: string) {
  const { rows } = await db.query<{ id: string; encrypted_password: string | null; email_confirmed_at: unknown; banned_until: unknown }>(
    'select id, encrypted_password, email_confirmed_at, banned_until from auth.users where lower(email) = $1 and not is_sso_user and deleted_at is null',
    [email],
  );
  return rows[0] ?? null;
}

export async function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const { rows } = await db.query<{ exists: boolean }>(
    `select exists(select 1 from auth.mfa_factors where user_id = $1 and status = 'verified') as exists`,
    [userId],
  );
  return rows[0].exists;
}

export function isBanned(bannedUntil: unknown): boolean {
  const iso = toIso(bannedUntil);
  return iso !== null && new Date(iso) > new Date();
}

/**
 * The address shape GoTrue accepts (the HTML living standard's "valid e-mail address": a dot-atom
 * local part, then host labels of letters, digits and inner hyphens, at most 63 characters each).
 */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Validated as GoTrue does (400 validation_failed with its messages), then trimmed and lower-cased: emails are unique case-insensitively. */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed === '') throw new PlinthError('validation_failed', 'An email address is required');
  if (trimmed.length > 255) throw new PlinthError('validation_failed', 'An email address is too long');
  if (!EMAIL.test(trimmed)) throw new PlinthError('validation_failed', 'Unable to validate email address: invalid format');
  return trimmed.toLowerCase();
}

/** GoTrue's metadata update rule: keys are merged, a null value removes the key. */
export function mergeMetadata(current: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
