import { useParams } from 'react-router';
import { PageShell } from '../components/layouts/page-shell.tsx';
import { wizardCrumbs } from '../components/layouts/wizard-crumbs.ts';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageContainer } from '../components/ui/page-header.tsx';
import { SkeletonRows } from '../components/ui/skeleton.tsx';
import { useOrganizationsQuery } from '../data/organizations/organizations-query.ts';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { ProjectCreateForm } from '../features/new-project/project-create-form.tsx';
import { ChosenPlanNotice } from '../features/billing/chosen-plan-notice.tsx';

export default function NewProjectPage() {
  const { slug = '' } = useParams();
  const organizations = useOrganizationsQuery();
  const organization = organizations.data?.find((org) => org.slug === slug);

  return (
    <PageShell crumbs={wizardCrumbs(organization)}>
      <PageContainer size="narrow">
        {organizations.isPending ? (
          <SkeletonRows rows={4} />
        ) : organizations.isError ? (
          <ErrorState error={organizations.error} title="Failed to load your organizations" onRetry={() => void organizations.refetch()} />
        ) : !organization ? (
          <NotFoundPage isFullPage={false} />
        ) : (
          <>
            <ChosenPlanNotice organization={organization} />
            <ProjectCreateForm key={organization.slug} organization={organization} organizations={organizations.data} />
          </>
        )}
      </PageContainer>
    </PageShell>
  );
}
