import { Building2, Plus, Search } from 'lucide-react';
import { Link } from 'react-router';
import type { Organization, Project } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ExceedingUsageBadge } from '../usage/exceeding-usage-badge.tsx';
import { ProjectCard } from './project-card.tsx';

interface ProjectListProps {
  organizations: Organization[];
  projects: Project[];
  search: string;
}

function matches(project: Project, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || project.name.toLowerCase().includes(needle) || project.ref.includes(needle);
}

/** The user's projects, one section per organisation. */
export function ProjectList({ organizations, projects, search }: ProjectListProps) {
  if (organizations.length === 0) {
    return (
      <EmptyState
        testId="no-organizations"
        icon={<Building2 />}
        title="Create an organization to get started"
        description="Projects live in organizations. Create one for yourself or your team, then add your first project to it."
        actions={
          <ButtonLink to="/new" variant="primary" icon={<Plus className="size-4" />}>
            Create an organization
          </ButtonLink>
        }
      />
    );
  }

  const isSearching = search.trim().length > 0;
  const visible = projects.filter((project) => matches(project, search));
  if (isSearching && visible.length === 0) {
    return (
      <EmptyState
        icon={<Search />}
        title="Hmm, we couldn't find any results that match your query."
        description={`No project name or reference matches "${search.trim()}".`}
      />
    );
  }

  return (
    <div className="space-y-10">
      {organizations.map((organization) => {
        const own = visible.filter((project) => project.organization_slug === organization.slug);
        if (isSearching && own.length === 0) return null;
        return (
          <section key={organization.slug} aria-labelledby={`org-${organization.slug}`} data-testid={`organization-${organization.slug}`}>
            <div className="mb-3 flex items-center justify-between gap-4">
              <div className="flex min-w-0 items-center gap-2">
                <h2 id={`org-${organization.slug}`} className="truncate text-base font-semibold text-fg">
                  <Link to={`/org/${organization.slug}/general`} className="hover:underline">
                    {organization.name}
                  </Link>
                </h2>
                <Badge>{organization.plan.name}</Badge>
                <ExceedingUsageBadge slug={organization.slug} />
                <span className="text-xs text-fg-subtle">{organization.role}</span>
              </div>
              <ButtonLink
                to={`/new/${organization.slug}`}
                size="sm"
                variant="default"
                icon={<Plus className="size-3.5" />}
                data-testid={`new-project-${organization.slug}`}
              >
                New project
              </ButtonLink>
            </div>
            {own.length === 0 ? (
              <div className="rounded-lg border border-dashed border-line-strong px-4 py-8 text-center text-sm text-fg-muted">
                No projects in this organization yet.{' '}
                <Link to={`/new/${organization.slug}`} className="font-medium text-brand hover:underline">
                  Create a project
                </Link>
              </div>
            ) : (
              <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {own.map((project) => (
                  <ProjectCard key={project.ref} project={project} />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
