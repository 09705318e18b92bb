import type { QueryPerformanceRequest } from './query-performance-query.ts';

export const reportsKeys = {
  /** Every report figure of the project. */
  all: (ref: string | undefined) => ['projects', ref, 'reports'] as const,
  database: (ref: string | undefined) => ['projects', ref, 'reports', 'database'] as const,
  queryPerformance: (ref: string | undefined, request: QueryPerformanceRequest) => ['projects', ref, 'reports', 'query-performance', request] as const,
  /** storage.objects counted in the project database (not a log query). */
  storageObjects: (ref: string | undefined) => ['projects', ref, 'reports', 'storage-objects'] as const,
  /** The project's custom reports; saving or deleting one refreshes the list. */
  customList: (ref: string | undefined) => ['projects', ref, 'reports', 'custom'] as const,
};
