export const organizationKeys = {
  list: () => ['organizations', 'list'] as const,
  detail: (slug: string | undefined) => ['organizations', slug, 'detail'] as const,
  roles: (slug: string | undefined) => ['organizations', slug, 'roles'] as const,
  freeProjectLimit: (slug: string | undefined) => ['organizations', slug, 'free-project-limit'] as const,
  audit: (slug: string | undefined) => ['organizations', slug, 'audit'] as const,
  members: (slug: string | undefined) => ['organizations', slug, 'members'] as const,
  invitations: (slug: string | undefined) => ['organizations', slug, 'invitations'] as const,
};
