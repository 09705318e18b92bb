import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { usageKeys } from './keys.ts';

/** GET /organizations/{slug}/invoices: the upcoming invoice first, then issued ones (billing:invoices). */
export function getInvoices(slug: string, signal?: AbortSignal): Promise<Invoice[]> {
  return api.get<Invoice[]>(`/organizations/${encodeURIComponent(slug)}/invoices`, { signal });
}

export function useInvoicesQuery(slug: string | undefined, enabled = true) {
  return useQuery({ queryKey: usageKeys.invoices(slug), queryFn: ({ signal }) => getInvoices(slug ?? '', signal), enabled: !!slug && enabled });
}
