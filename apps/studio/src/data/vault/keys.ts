export const vaultKeys = {
  /** Everything the Vault page reads of a project: a change refreshes it all. */
  all: (ref: string | undefined) => ['projects', ref, 'vault'] as const,
  /** The project's secrets without their values. */
  list: (ref: string | undefined) => ['projects', ref, 'vault', 'secrets'] as const,
  /** One secret's decrypted value: read only when a person asks to reveal it. */
  value: (ref: string | undefined, id: string) => ['projects', ref, 'vault', 'secrets', id, 'value'] as const,
};
