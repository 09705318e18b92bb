/** The signed-in person's own preferences: not tied to a project or an organisation. */
export const preferenceKeys = {
  detail: () => ['profile', 'preferences'] as const,
};
