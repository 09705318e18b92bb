import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/ui/page-header.tsx';
import { RateLimitsView } from '../../../features/auth-config/rate-limits-form.tsx';

export default function RateLimitsPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Rate Limits" description="Safeguard against bursts of incoming traffic to prevent abuse and maximize stability" />
      <RateLimitsView projectRef={ref} />
    </PageContainer>
  );
}
