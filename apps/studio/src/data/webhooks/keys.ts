export const webhooksKeys = {
  /** Everything the Webhooks page reads of a project: a change refreshes it all. */
  all: (ref: string | undefined) => ['projects', ref, 'webhooks'] as const,
  status: (ref: string | undefined) => ['projects', ref, 'webhooks', 'status'] as const,
  hooks: (ref: string | undefined) => ['projects', ref, 'webhooks', 'hooks'] as const,
  deliveries: (ref: string | undefined) => ['projects', ref, 'webhooks', 'deliveries'] as const,
};
