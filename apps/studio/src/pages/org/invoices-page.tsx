import { useParams } from 'react-router';
import { Feature } from '@plinth/permissions';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { NotAvailable } from '../../components/ui/not-available.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { useHasFeature } from '../../data/permissions/can.ts';

/** Invoices are gated by billing:invoices; the page itself arrives in a later release. */
export default function InvoicesPage() {
  const { slug = '' } = useParams();
  const canSeeInvoices = useHasFeature(slug, Feature.BILLING_INVOICES);
  if (canSeeInvoices) return <NotAvailable title="Invoices" />;
  return (
    <PageContainer>
      <PageHeader title="Invoices" />
      <NoPermission action="view invoices" />
    </PageContainer>
  );
}
