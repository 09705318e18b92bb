export const backupKeys = {
  /** The project's backups (Database > Backups). */
  list: (ref: string | undefined) => ['projects', ref, 'backups'] as const,
};
