import type { EntitySort } from './entity-types.ts';

export const entityKeys = {
  /** Invalidate this (or the project's 'tables' key) to refresh the sidebar. */
  all: (ref: string | undefined) => ['projects', ref, 'entities'] as const,
  list: (ref: string | undefined, schema: string, search: string, sort: EntitySort) =>
    ['projects', ref, 'entities', 'list', { schema, search, sort }] as const,
};
