import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { InfrastructureView } from '../../features/infrastructure/infrastructure-view.tsx';

export default function SettingsInfrastructurePage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Infrastructure" description="Where the project's database runs, what it uses, and the PostgreSQL versions open to it." />
      <InfrastructureView projectRef={ref} />
    </PageContainer>
  );
}
