import { useParams } from 'react-router';
import { Action, Resource, can } from '@plinth/permissions';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { useOrganization } from '../../data/organizations/organizations-query.ts';
import { AuthorizedApps } from '../../features/oauth-apps/authorized-apps.tsx';
import { PublishedApps } from '../../features/oauth-apps/published-apps.tsx';

export default function AppsPage() {
  const { slug = '' } = useParams();
  const { organization } = useOrganization(slug);
  if (!organization) return null;
  const canManage = can(organization.role, Action.UPDATE, Resource.ORGANIZATION);

  return (
    <PageContainer>
      <PageHeader title="OAuth Apps" description={`Apps ${organization.name} publishes, and apps authorized to act on it.`} />
      <div className="space-y-8">
        <PublishedApps slug={slug} canManage={canManage} />
        <AuthorizedApps slug={slug} canManage={canManage} />
      </div>
    </PageContainer>
  );
}
