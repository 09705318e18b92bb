import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { FunctionSecretsView } from '../../features/function-secrets/function-secrets-view.tsx';

export default function FunctionSettingsPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Edge Function Secrets" description="Environment variables of your project's edge functions. Values are hidden after save." />
      <FunctionSecretsView projectRef={ref} />
    </PageContainer>
  );
}
