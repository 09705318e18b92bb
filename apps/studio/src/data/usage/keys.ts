/** Usage and invoices of an organisation; usage keys carry the project filter (?projectRef=). */
export const usageKeys = {
  usage: (slug: string | undefined, projectRef: string | null) => ['organizations', slug, 'usage', projectRef ?? 'all'] as const,
  daily: (slug: string | undefined, projectRef: string | null) => ['organizations', slug, 'usage', projectRef ?? 'all', 'daily'] as const,
  invoices: (slug: string | undefined) => ['organizations', slug, 'invoices'] as const,
};
