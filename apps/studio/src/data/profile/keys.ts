export const profileKeys = {
  detail: () => ['profile', 'detail'] as const,
  invitations: () => ['profile', 'invitations'] as const,
  audit: () => ['profile', 'audit'] as const,
};
