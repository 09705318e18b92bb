import { useState } from 'react';
import type { Organization } from '@plinth/api-contract';
import { Plus, Search } from 'lucide-react';
import { PageShell } from '../components/layouts/page-shell.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Input } from '../components/ui/input.tsx';
import { PageContainer, PageHeader } from '../components/ui/page-header.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useOrganizationsQuery } from '../data/organizations/organizations-query.ts';
import { useProjectsQuery } from '../data/projects/projects-query.ts';
import { usePreferencesQuery } from '../data/preferences/preferences-query.ts';
import { PendingInvitations } from '../features/projects/pending-invitations.tsx';
import { ProjectList } from '../features/projects/project-list.tsx';

export default function ProjectsPage() {
  const organizations = useOrganizationsQuery();
  const projects = useProjectsQuery();
  // The default organisation (Preferences) is listed first.
  const defaultSlug = usePreferencesQuery().data?.default_organization_slug;
  const [search, setSearch] = useState('');
  const error = organizations.error ?? projects.error;
  const hasOrganizations = (organizations.data?.length ?? 0) > 0;

  return (
    <PageShell crumbs={[{ label: 'Projects' }]}>
      <PageContainer size="wide">
        <PageHeader
          title="Projects"
          description="All projects of every organization you belong to."
          actions={
            <>
              {hasOrganizations && (
                <div className="relative">
                  <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden />
                  <Input
                    type="search"
                    aria-label="Search for a project"
                    placeholder="Search for a project"
                    className="h-8 w-64 pl-8"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                  />
                </div>
              )}
              <ButtonLink to="/new" variant={hasOrganizations ? 'outline' : 'primary'} icon={<Plus className="size-4" />} data-testid="new-organization">
                New organization
              </ButtonLink>
            </>
          }
        />
        <PendingInvitations />
        {error ? (
          <ErrorState
            error={error}
            title="Failed to load your projects"
            onRetry={() => {
              void organizations.refetch();
              void projects.refetch();
            }}
          />
        ) : organizations.isPending || projects.isPending ? (
          <div className="space-y-4" role="status" aria-label="Loading projects">
            <Skeleton className="h-6 w-48" />
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-28" />
              ))}
            </div>
          </div>
        ) : (
          <ProjectList organizations={defaultFirst(organizations.data ?? [], defaultSlug)} projects={projects.data ?? []} search={search} />
        )}
      </PageContainer>
    </PageShell>
  );
}

function defaultFirst(organizations: Organization[], defaultSlug: string | null | undefined): Organization[] {
  if (!defaultSlug) return organizations;
  return [...organizations].sort((a, b) => Number(b.slug === defaultSlug) - Number(a.slug === defaultSlug));
}
