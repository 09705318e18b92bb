import { PageShell } from '../components/layouts/page-shell.tsx';
import { wizardCrumbs } from '../components/layouts/wizard-crumbs.ts';
import { PageContainer } from '../components/ui/page-header.tsx';
import { OrganizationCreateForm } from '../features/new-organization/organization-create-form.tsx';

export default function NewOrganizationPage() {
  return (
    <PageShell crumbs={wizardCrumbs(undefined)}>
      <PageContainer size="narrow">
        <OrganizationCreateForm />
      </PageContainer>
    </PageShell>
  );
}
