import { PageShell } from '../components/layouts/page-shell.tsx';
import { PageContainer } from '../components/ui/page-header.tsx';
import { OrganizationCreateForm } from '../features/new-organization/organization-create-form.tsx';

export default function NewOrganizationPage() {
  return (
    <PageShell crumbs={[{ label: 'Create an organization', testId: 'breadcrumb-organization' }]}>
      <PageContainer size="narrow">
        <OrganizationCreateForm />
      </PageContainer>
    </PageShell>
  );
}
