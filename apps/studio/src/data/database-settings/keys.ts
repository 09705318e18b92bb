/** Query keys of Settings > Database and the Connect dialog; they start with the project. */
export const databaseSettingsKeys = {
  settings: (ref: string | undefined) => ['projects', ref, 'database-settings'] as const,
};
