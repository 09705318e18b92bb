/** Database roles of a project (not organisation member roles). */
export const databaseRoleKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'database-roles'] as const,
  list: (ref: string | undefined, excludeSystem: boolean) => ['projects', ref, 'database-roles', { excludeSystem }] as const,
};
