import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { GitConnectionView } from '../../features/git-connection/git-connection-view.tsx';

export default function IntegrationsSettingsPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Integrations" description="Connect this project to a Git repository to create database branches from its migrations." />
      <GitConnectionView projectRef={ref} />
    </PageContainer>
  );
}
