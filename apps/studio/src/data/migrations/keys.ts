export const migrationKeys = {
  list: (ref: string | undefined) => ['projects', ref, 'migrations'] as const,
};
