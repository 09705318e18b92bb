import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { StorageSettingsView } from '../../features/storage-settings/storage-settings-view.tsx';

export default function StorageSettingsPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Storage Settings" description="Configure your project's storage settings" />
      <StorageSettingsView projectRef={ref} />
    </PageContainer>
  );
}
