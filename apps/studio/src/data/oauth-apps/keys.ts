/** OAuth apps: the ones an organisation publishes, the ones authorised on it, and a pending consent. */
export const oauthAppKeys = {
  published: (slug: string) => ['organizations', slug, 'oauth', 'apps'] as const,
  authorized: (slug: string) => ['organizations', slug, 'oauth', 'authorized-apps'] as const,
  authorization: (id: string) => ['oauth', 'authorizations', id] as const,
};
