export const functionSecretsKeys = {
  /** The project's secrets (names and digests); every create, replace and delete answers or changes it. */
  list: (ref: string | undefined) => ['projects', ref, 'function-secrets'] as const,
};
