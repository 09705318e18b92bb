import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { useOrganization } from '../../data/organizations/organizations-query.ts';
import { DeleteOrganizationPanel } from '../../features/organization-settings/delete-organization-panel.tsx';
import { OrganizationNamePanel } from '../../features/organization-settings/organization-name-panel.tsx';

export default function OrganizationGeneralPage() {
  const { slug = '' } = useParams();
  // The organisation layout renders this page only once the organisation is loaded.
  const { organization } = useOrganization(slug);
  if (!organization) return null;
  return (
    <PageContainer size="narrow">
      <PageHeader title="Organization Settings" description={`You are ${organization.role === 'Owner' || organization.role === 'Administrator' ? 'an' : 'a'} ${organization.role} of this organization.`} />
      <div className="space-y-6">
        <OrganizationNamePanel organization={organization} />
        <DeleteOrganizationPanel organization={organization} />
      </div>
    </PageContainer>
  );
}
