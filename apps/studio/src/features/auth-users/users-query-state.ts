/**
 * The users table's search, filters, sort and page as one AuthUsersQuery (the API's own shape), and
 * the pure rules around it: what a filter change resets, which way a sort header turns, the page range.
 */
import { AUTH_USER_FILTERS, type AuthUsersQuery } from '@plinth/api-contract';

export type UserFilter = (typeof AUTH_USER_FILTERS)[number];
export type UserSort = AuthUsersQuery['sort'];

export const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZES = [50, 100, 500, 1000] as const;

export const DEFAULT_USERS_QUERY: AuthUsersQuery = {
  page: 1,
  per_page: 50,
  keywords: '',
  filter: 'all',
  provider: '',
  sort: 'created_at',
  order: 'desc',
};

export const FILTER_LABELS: Record<UserFilter, string> = {
  all: 'All users',
  verified: 'Verified users',
  unverified: 'Unverified users',
  anonymous: 'Anonymous users',
};

/** GoTrue's provider names; '' is "any provider". */
export const PROVIDER_OPTIONS: readonly { value: string; label: string }[] = [
  { value: '', label: 'All providers' },
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'apple', label: 'Apple' },
  { value: 'azure', label: 'Azure' },
  { value: 'bitbucket', label: 'Bitbucket' },
  { value: 'discord', label: 'Discord' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'figma', label: 'Figma' },
  { value: 'github', label: 'GitHub' },
  { value: 'gitlab', label: 'GitLab' },
  { value: 'google', label: 'Google' },
  { value: 'keycloak', label: 'Keycloak' },
  { value: 'linkedin_oidc', label: 'LinkedIn (OIDC)' },
  { value: 'notion', label: 'Notion' },
  { value: 'slack_oidc', label: 'Slack (OIDC)' },
  { value: 'spotify', label: 'Spotify' },
  { value: 'twitch', label: 'Twitch' },
  { value: 'twitter', label: 'Twitter' },
  { value: 'workos', label: 'WorkOS' },
  { value: 'zoom', label: 'Zoom' },
  { value: 'oidc', label: 'OpenID Connect' },
  { value: 'sso', label: 'SAML SSO' },
];

/** A new search, filter or page size starts again at page 1: the old page may not exist any more. */
export function withChange(query: AuthUsersQuery, change: Partial<Omit<AuthUsersQuery, 'page'>>): AuthUsersQuery {
  return { ...query, ...change, page: 1 };
}

/**
 * A sortable header: the first click sorts by that column (newest first for dates, A to Z for
 * email), the next click on the same column reverses it.
 */
export function toggleSort(query: AuthUsersQuery, sort: UserSort): AuthUsersQuery {
  if (query.sort === sort) return { ...query, order: query.order === 'asc' ? 'desc' : 'asc', page: 1 };
  return { ...query, sort, order: sort === 'email' ? 'asc' : 'desc', page: 1 };
}

export function ariaSort(query: AuthUsersQuery, sort: UserSort): 'ascending' | 'descending' | 'none' {
  if (query.sort !== sort) return 'none';
  return query.order === 'asc' ? 'ascending' : 'descending';
}

export interface PageRange {
  /** 1-based index of the first user shown; 0 when there are none. */
  from: number;
  to: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

export function pageRange(page: number, perPage: number, total: number, shown: number): PageRange {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const from = shown === 0 ? 0 : (page - 1) * perPage + 1;
  return { from, to: shown === 0 ? 0 : from + shown - 1, pageCount, hasPrevious: page > 1, hasNext: page < pageCount };
}

/** Whether anything narrows the list (the empty state then says "no match", not "no users yet"). */
export function isNarrowed(query: AuthUsersQuery): boolean {
  return query.keywords.trim() !== '' || query.filter !== 'all' || query.provider !== '';
}
