export const billingKeys = {
  subscription: (slug: string | undefined) => ['organizations', slug, 'billing', 'subscription'] as const,
  addons: (ref: string | undefined) => ['projects', ref, 'billing', 'addons'] as const,
};
