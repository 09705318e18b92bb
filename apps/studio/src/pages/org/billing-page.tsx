import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { BillingView } from '../../features/billing/billing-view.tsx';

export default function OrganizationBillingPage() {
  const { slug = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Billing" description="Your organization's plan, spend cap and payment method." />
      <BillingView slug={slug} />
    </PageContainer>
  );
}
