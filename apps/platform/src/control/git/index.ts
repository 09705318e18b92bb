/** Git repositories, project Git connections, the GitHub-shaped integration calls, push webhooks, and reading repositories. */
export * from './repositories.ts';
export * from './connections.ts';
export * from './integrations.ts';
export { receiveGitWebhook, revealWebhookSecret, rotateWebhookSecret } from './webhooks.ts';
export { branchExists, headCommit, readSupabaseFolder, type SupabaseFolder } from './read.ts';
