import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/ui/page-header.tsx';
import { ProvidersView } from '../../../features/auth-config/providers-view.tsx';

export default function AuthProvidersPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Auth Providers" description="Authenticate your users through a suite of providers and login methods." />
      <ProvidersView projectRef={ref} />
    </PageContainer>
  );
}
