export const authConfigKeys = {
  /**
   * The whole auth configuration of a project: every Authentication page and Settings >
   * Authentication read this one document, so a save anywhere refreshes them all.
   */
  config: (ref: string | undefined) => ['projects', ref, 'auth-config'] as const,
};
