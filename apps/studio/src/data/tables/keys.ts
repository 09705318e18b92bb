export const tableKeys = {
  /** Invalidate this to refresh every table list and detail of the project. */
  all: (ref: string | undefined) => ['projects', ref, 'tables'] as const,
  list: (ref: string | undefined, schema: string | undefined, withColumns = false) =>
    ['projects', ref, 'tables', 'list', schema, { withColumns }] as const,
  detail: (ref: string | undefined, id: number | undefined) => ['projects', ref, 'tables', 'detail', id] as const,
};
