import type { SNIPPET_TYPES } from '@plinth/api-contract';

export interface SnippetFilter {
  /** `sql` (the SQL editor, the default) or `log_sql` (the logs explorer's saved queries). */
  type?: (typeof SNIPPET_TYPES)[number];
  visibility?: 'user' | 'project';
  favorite?: boolean;
  name?: string;
}

export const contentKeys = {
  /** Invalidate this to refresh every snippet list and item of the project. */
  all: (ref: string | undefined) => ['projects', ref, 'content'] as const,
  lists: (ref: string | undefined) => ['projects', ref, 'content', 'list'] as const,
  list: (ref: string | undefined, filter: SnippetFilter) => ['projects', ref, 'content', 'list', filter] as const,
  item: (ref: string | undefined, id: string | undefined) => ['projects', ref, 'content', 'item', id] as const,
};
