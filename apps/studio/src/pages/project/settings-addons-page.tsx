import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { AddonsView } from '../../features/addons/addons-view.tsx';

export default function SettingsAddonsPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Add-ons" description="Level up your project with add-ons." />
      <AddonsView projectRef={ref} />
    </PageContainer>
  );
}
