import type { Crumb } from './app-header.tsx';

/**
 * The creation pages' breadcrumb, as the spec's page shell gives it: the organisation (or 'Create an
 * organization' before there is one), then the project (or 'Create a new project' once an organisation
 * is chosen, or 'Extend your database' before).
 */
export function wizardCrumbs(organization: { slug: string; name: string } | undefined, project?: { name: string }): Crumb[] {
  return [
    organization
      ? { label: `Organization: ${organization.name}`, to: `/org/${organization.slug}/general`, testId: 'breadcrumb-organization' }
      : { label: 'Create an organization', to: '/new', testId: 'breadcrumb-organization' },
    { label: project ? project.name : organization ? 'Create a new project' : 'Extend your database', testId: 'breadcrumb-project' },
  ];
}
