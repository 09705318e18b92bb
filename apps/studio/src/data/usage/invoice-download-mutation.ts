import { useMutation } from '@tanstack/react-query';
import type { Invoice } from '@plinth/api-contract';
import { apiDownload } from '../../lib/api.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** GET /organizations/{slug}/invoices/{id|upcoming}/pdf: the invoice as a PDF, saved by the browser. */
export function downloadInvoice(slug: string, invoice: Pick<Invoice, 'id'>): Promise<Blob> {
  return apiDownload('GET', `/organizations/${encodeURIComponent(slug)}/invoices/${invoice.id ?? 'upcoming'}/pdf`);
}

export function useInvoiceDownloadMutation(slug: string) {
  return useMutation({
    mutationFn: async (invoice: Pick<Invoice, 'id' | 'status' | 'period_start'>) => {
      const blob = await downloadInvoice(slug, invoice);
      const month = invoice.period_start.slice(0, 7);
      saveBlob(blob, `invoice-${slug}-${month}${invoice.status === 'upcoming' ? '-upcoming' : ''}.pdf`);
    },
  });
}
