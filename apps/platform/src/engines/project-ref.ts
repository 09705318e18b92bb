/**
 * Refs become directory names, database names (`project_${ref}`) and role names
 * (`project_${ref}_owner`, within Postgres's 63-byte limit): keep them to characters that are safe
 * in all three, so a bad ref fails here rather than half-way through creating a project.
 */
export function assertValidRef(ref: string): void {
  if (!/^[a-z0-9][a-z0-9_]{0,39}$/.test(ref)) {
    throw new Error(`Invalid project ref "${ref}": use 1–40 lowercase letters, digits or underscores.`);
  }
}
