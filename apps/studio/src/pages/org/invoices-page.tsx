import { useParams } from 'react-router';
import { Feature } from '@plinth/permissions';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { useHasFeature } from '../../data/permissions/can.ts';
import { InvoicesView } from '../../features/invoices/invoices-view.tsx';

/** Invoices are gated by billing:invoices (the server checks it too). */
export default function InvoicesPage() {
  const { slug = '' } = useParams();
  const canSeeInvoices = useHasFeature(slug, Feature.BILLING_INVOICES);
  if (canSeeInvoices) return <InvoicesView slug={slug} />;
  return (
    <PageContainer>
      <PageHeader title="Invoices" />
      <NoPermission action="view invoices" />
    </PageContainer>
  );
}
