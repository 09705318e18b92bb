/** Query keys of Settings > API's signing keys and publishable / secret API keys; each starts with the project. */
export const apiKeysKeys = {
  signingKeys: (ref: string | undefined) => ['projects', ref, 'signing-keys'] as const,
  /** Invalidate this to refresh the list and every revealed secret key of the project. */
  apiKeys: (ref: string | undefined) => ['projects', ref, 'api-keys'] as const,
  list: (ref: string | undefined) => ['projects', ref, 'api-keys', 'list'] as const,
  revealed: (ref: string | undefined, id: string | undefined) => ['projects', ref, 'api-keys', 'revealed', id] as const,
};
