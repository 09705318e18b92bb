import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/ui/page-header.tsx';
import { UrlConfigurationView } from '../../../features/auth-config/url-configuration-view.tsx';

export default function UrlConfigurationPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="URL Configuration" description="Configure site URL and redirect URLs for authentication" />
      <UrlConfigurationView projectRef={ref} />
    </PageContainer>
  );
}
