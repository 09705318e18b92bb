export const sqlKeys = {
  /** Tables and columns for the editor's completion. */
  completionSchema: (ref: string | undefined) => ['projects', ref, 'sql', 'completion-schema'] as const,
  /** The longest time-out the server lets this member ask for. */
  queryLimits: (ref: string | undefined) => ['projects', ref, 'sql', 'query-limits'] as const,
};
