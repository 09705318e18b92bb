import { Outlet, useLocation, useParams } from 'react-router';
import { Feature, hasFeature } from '@plinth/permissions';
import { AppHeader } from './app-header.tsx';
import { ApiDocsButton } from './api-docs-dialog.tsx';
import { ConnectButton } from './connect-button.tsx';
import { IconBar } from './icon-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { menuSectionOf, projectMenu } from './project-menus.ts';
import { ResourceWarningBanner } from './resource-warning-banner.tsx';
import { BranchProjectNotice } from '../../features/branches/branch-project-notice.tsx';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { useOrganization } from '../../data/organizations/organizations-query.ts';
import { useDatabaseMenuFlags } from '../../data/extensions/extensions-query.ts';
import { useFeatureFlagsQuery } from '../../data/feature-flags/feature-flags-query.ts';
import { ProjectMainArea } from '../../features/lifecycle/project-main-area.tsx';
import { ProjectStatusBadge } from '../../features/projects/status-badge.tsx';
import { ErrorPage } from '../../features/errors/error-page.tsx';

const ALL_FEATURES = Object.values(Feature) as Feature[];

/** Icon bar, product menu, header and a main area chosen by the project's status. */
export function ProjectLayout() {
  const { ref = '' } = useParams();
  const { pathname } = useLocation();
  const project = useProjectQuery(ref);
  const slug = project.data?.organization_slug;
  const { organization } = useOrganization(slug);
  const features = Object.fromEntries(ALL_FEATURES.map((feature) => [feature, hasFeature(organization?.role, feature)])) as Record<Feature, boolean>;
  const pathAfterRef = pathname.slice(`/project/${ref}`.length);
  const section = menuSectionOf(pathAfterRef);
  const extensionFlags = useDatabaseMenuFlags(ref, section === 'database');
  const featureFlags = useFeatureFlagsQuery();
  const menu = section
    ? projectMenu(section, { ref, slug, features, ...extensionFlags, isSavedLogsEnabled: featureFlags.data?.saved_log_queries ?? false })
    : null;

  return (
    <div className="flex h-full flex-col">
      <AppHeader
        crumbs={[
          { label: organization?.name ?? slug ?? '…', to: slug ? `/org/${slug}/general` : undefined, testId: 'breadcrumb-organization' },
          {
            label: (
              <span className="inline-flex items-center gap-2">
                {project.data?.name ?? '…'}
                {project.data && project.data.status !== 'ACTIVE_HEALTHY' && <ProjectStatusBadge status={project.data.status} testId="header-project-status" />}
              </span>
            ),
            to: `/project/${ref}`,
            testId: 'breadcrumb-project',
          },
        ]}
        actions={<><ConnectButton /><ApiDocsButton /></>}
      />
      <div className="flex min-h-0 flex-1">
        <IconBar projectRef={ref} features={features} />
        {menu && <SideMenu title={menu.title} groups={menu.groups} testId="product-menu" />}
        <div className="flex min-w-0 flex-1 flex-col">
          <ResourceWarningBanner projectRef={ref} slug={slug} pathAfterRef={pathAfterRef} />
          <BranchProjectNotice project={project.data} />
          <main className="min-h-0 flex-1 overflow-y-auto">
            {project.isError ? (
              <ErrorPage error={project.error} isFullPage={false} />
            ) : (
              <ProjectMainArea project={project.data} pathAfterRef={pathAfterRef}>
                <Outlet />
              </ProjectMainArea>
            )}
          </main>
        </div>
      </div>
    </div>
  );
}

export default ProjectLayout;
