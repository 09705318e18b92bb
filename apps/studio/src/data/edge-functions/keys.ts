import type { FunctionLogSource, FunctionStatsInterval } from '@plinth/api-contract';

/** Query keys of a project's edge functions; each starts with the project, so a project's caches go together. */
export const edgeFunctionKeys = {
  /** Everything about the project's functions: invalidated when one is deleted. */
  all: (ref: string | undefined) => ['projects', ref, 'edge-functions'] as const,
  /** The list page: a deploy, a settings change or a delete changes a row. */
  list: (ref: string | undefined) => ['projects', ref, 'edge-functions', 'list'] as const,
  detail: (ref: string | undefined, slug: string | undefined) => ['projects', ref, 'edge-functions', 'detail', slug] as const,
  /** The current version's files: a deploy makes a new version. */
  source: (ref: string | undefined, slug: string | undefined) => ['projects', ref, 'edge-functions', 'source', slug] as const,
  /** A function's traffic (stats and both log sources): an invocation from the test panel adds to it. */
  traffic: (ref: string | undefined, slug: string | undefined) => ['projects', ref, 'edge-functions', 'traffic', slug] as const,
  stats: (ref: string | undefined, slug: string | undefined, interval: FunctionStatsInterval) =>
    ['projects', ref, 'edge-functions', 'traffic', slug, 'stats', interval] as const,
  logs: (ref: string | undefined, slug: string | undefined, source: FunctionLogSource) =>
    ['projects', ref, 'edge-functions', 'traffic', slug, 'logs', source] as const,
};
