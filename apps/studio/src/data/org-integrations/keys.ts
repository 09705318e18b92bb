/** Keys start with the organisation, like every organisation query (organizations/keys.ts). */
export const orgIntegrationKeys = {
  webhooks: (slug: string | undefined) => ['organizations', slug, 'webhooks'] as const,
  deliveries: (slug: string | undefined, id: number) => ['organizations', slug, 'webhooks', id, 'deliveries'] as const,
  documents: (slug: string | undefined) => ['organizations', slug, 'documents'] as const,
};
