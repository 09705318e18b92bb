import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { DatabaseSettingsView } from '../../features/database-settings/database-settings-view.tsx';

export default function SettingsDatabasePage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Database Settings" description="How to connect to the project's database, and who may." />
      <DatabaseSettingsView projectRef={ref} />
    </PageContainer>
  );
}
