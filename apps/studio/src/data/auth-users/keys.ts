import type { AuthUsersQuery } from '@plinth/api-contract';

export const authUserKeys = {
  /** Invalidate this after any change to a user: every list page and every open user panel. */
  all: (ref: string | undefined) => ['projects', ref, 'auth-users'] as const,
  /** Every searched, filtered and sorted page; invalidate when users appear, disappear or change. */
  lists: (ref: string | undefined) => ['projects', ref, 'auth-users', 'list'] as const,
  list: (ref: string | undefined, query: AuthUsersQuery) => ['projects', ref, 'auth-users', 'list', query] as const,
  user: (ref: string | undefined, id: string | undefined) => ['projects', ref, 'auth-users', 'user', id] as const,
};
