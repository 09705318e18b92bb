/** Keys start with the organisation, like every organisation query (organizations/keys.ts). */
export const dashboardSsoKeys = {
  settings: (slug: string | undefined) => ['organizations', slug, 'sso'] as const,
};
