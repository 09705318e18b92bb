import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { GitRepositoriesSection } from '../../features/org-integrations/git-repositories-section.tsx';
import { OrgWebhooksView } from '../../features/org-integrations/org-webhooks-view.tsx';

export default function OrganizationIntegrationsPage() {
  const { slug = '' } = useParams();
  return (
    <PageContainer>
      <PageHeader title="Integrations" description="Connect this organization to other services." />
      <div className="space-y-10">
        <OrgWebhooksView slug={slug} />
        <GitRepositoriesSection slug={slug} />
      </div>
    </PageContainer>
  );
}
