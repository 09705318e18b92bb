import type { LogsQuery } from '@plinth/api-contract';

export const logsKeys = {
  /** Every log query of the project; nothing invalidates it (logs only grow), runs refetch by their range. */
  all: (ref: string | undefined) => ['projects', ref, 'logs'] as const,
  /** One run of SQL over one time range, its pages of older entries included. */
  query: (ref: string | undefined, request: LogsQuery | null) => ['projects', ref, 'logs', 'query', request] as const,
};
