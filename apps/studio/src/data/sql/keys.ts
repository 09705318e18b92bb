export const sqlKeys = {
  /** Tables and columns for the editor's completion. */
  completionSchema: (ref: string | undefined) => ['projects', ref, 'sql', 'completion-schema'] as const,
};
