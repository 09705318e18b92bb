import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/ui/page-header.tsx';
import { TemplatesView } from '../../../features/auth-config/templates-view.tsx';

export default function EmailTemplatesPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="wide">
      <PageHeader title="Email Templates" description="Customize the emails that will be sent out to your users." />
      <TemplatesView projectRef={ref} />
    </PageContainer>
  );
}
