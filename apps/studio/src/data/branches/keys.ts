export const branchKeys = {
  /** The project's database branches (/project/{ref}/branches). */
  list: (ref: string | undefined) => ['projects', ref, 'branches'] as const,
  /** What merging a branch would apply to its parent. */
  diff: (ref: string | undefined, id: string | undefined) => ['projects', ref, 'branches', id, 'diff'] as const,
  /** A branch's migration history and failure log. */
  migrations: (ref: string | undefined, id: string | undefined) => ['projects', ref, 'branches', id, 'migrations'] as const,
};
