import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { ApiSettingsView } from '../../features/api-settings/api-settings-view.tsx';

export default function ApiSettingsPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="API Settings" description="The URL, keys and settings your apps use to reach this project's API." />
      <ApiSettingsView projectRef={ref} />
    </PageContainer>
  );
}
