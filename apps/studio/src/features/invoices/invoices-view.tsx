import { useState } from 'react';
import { Download } from 'lucide-react';
import type { Invoice } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useInvoiceDownloadMutation } from '../../data/usage/invoice-download-mutation.ts';
import { useInvoicesQuery } from '../../data/usage/invoices-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { InvoiceLines } from './invoice-lines.tsx';
import { formatUsd } from './money.ts';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const keyOf = (invoice: Invoice) => (invoice.id === null ? 'upcoming' : String(invoice.id));

/** Organisation > Invoices: the upcoming invoice and the issued ones, each viewable and downloadable as a PDF. */
export function InvoicesView({ slug }: { slug: string }) {
  const invoices = useInvoicesQuery(slug);
  const download = useInvoiceDownloadMutation(slug);
  const [openKey, setOpenKey] = useState<string>('upcoming');
  const open = invoices.data?.find((invoice) => keyOf(invoice) === openKey);

  return (
    <PageContainer size="wide">
      <PageHeader title="Invoices" description="Monthly invoices: the plan's price and usage beyond what it includes, at the catalogue's prices (USD)." />
      {invoices.isPending ? (
        <SkeletonRows rows={4} />
      ) : invoices.isError ? (
        <ErrorState error={invoices.error} title="Failed to load invoices" onRetry={() => void invoices.refetch()} />
      ) : (
        <div className="space-y-6">
          <Table label="Invoices">
            <thead>
              <tr>
                <Th>Period</Th>
                <Th>Status</Th>
                <Th>Plan</Th>
                <Th className="text-right">Amount</Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.map((invoice) => (
                <tr key={keyOf(invoice)} data-testid={`invoice-${keyOf(invoice)}`} className={keyOf(invoice) === openKey ? 'bg-surface-2/60' : undefined}>
                  <Td>
                    <button type="button" className="font-medium text-fg hover:underline" onClick={() => setOpenKey(keyOf(invoice))}>
                      {monthName.format(new Date(invoice.period_start))}
                    </button>
                  </Td>
                  <Td>{invoice.status === 'upcoming' ? <Badge tone="info">Upcoming</Badge> : <Badge tone="success">Issued</Badge>}</Td>
                  <Td className="capitalize">{invoice.plan}</Td>
                  <Td className="text-right font-mono text-xs">{formatUsd(invoice.amount_usd)}</Td>
                  <Td className="text-right">
                    <Button
                      size="sm"
                      variant="default"
                      icon={<Download className="size-3.5" />}
                      isLoading={download.isPending && download.variables && keyOf(download.variables as Invoice) === keyOf(invoice)}
                      onClick={() => download.mutate(invoice)}
                    >
                      PDF
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
          {download.isError && <p className="text-sm text-danger">{errorMessage(download.error)}</p>}
          {open && (
            <section className="space-y-2" data-testid="invoice-detail">
              <h2 className="text-sm font-semibold text-fg">
                {open.status === 'upcoming' ? 'Upcoming invoice' : `Invoice #${open.id}`} · {monthName.format(new Date(open.period_start))}
              </h2>
              <InvoiceLines invoice={open} />
            </section>
          )}
        </div>
      )}
    </PageContainer>
  );
}
