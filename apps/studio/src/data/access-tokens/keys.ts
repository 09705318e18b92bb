/** The signed-in user's personal access tokens: one list, not tied to a project or organisation. */
export const accessTokenKeys = {
  list: () => ['profile', 'access-tokens'] as const,
};
