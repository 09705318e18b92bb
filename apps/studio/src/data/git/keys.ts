/** Repositories start with the organisation, a connection and its files with the project (like every query). */
export const gitKeys = {
  repositories: (slug: string | undefined) => ['organizations', slug, 'git-repositories'] as const,
  webhookSecret: (slug: string | undefined, id: string | undefined) => ['organizations', slug, 'git-repositories', id, 'webhook-secret'] as const,
  integrations: (slug: string | undefined) => ['organizations', slug, 'integrations'] as const,
  connection: (ref: string | undefined) => ['projects', ref, 'git-connection'] as const,
  files: (ref: string | undefined) => ['projects', ref, 'git-connection', 'files'] as const,
};
