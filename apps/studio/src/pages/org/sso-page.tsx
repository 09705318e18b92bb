import { useParams } from 'react-router';
import { Action, Resource, can } from '@plinth/permissions';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { useOrganization } from '../../data/organizations/organizations-query.ts';
import { SsoSettingsView } from '../../features/dashboard-sso/sso-settings-view.tsx';

export default function SsoPage() {
  const { slug = '' } = useParams();
  const { organization } = useOrganization(slug);
  if (!organization) return null;
  return (
    <PageContainer size="narrow">
      <PageHeader title="SSO" description={`Members of ${organization.name} sign in to the dashboard through your identity provider.`} />
      <SsoSettingsView slug={slug} canManage={can(organization.role, Action.UPDATE, Resource.ORGANIZATION)} />
    </PageContainer>
  );
}
