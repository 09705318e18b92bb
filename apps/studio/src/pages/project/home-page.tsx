import { useParams } from 'react-router';
import { Link } from 'react-router';
import { PauseCircle } from 'lucide-react';
import { PageContainer } from '../../components/ui/page-header.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { useOrganization } from '../../data/organizations/organizations-query.ts';
import { RestoreButton } from '../../features/lifecycle/restore-button.tsx';
import { ProjectApiPanel } from '../../features/project-home/project-api-panel.tsx';
import { ProductLinks } from '../../features/project-home/product-links.tsx';
import { engineLabel } from '../../features/projects/engine-label.ts';
import { ProjectStatusBadge } from '../../features/projects/status-badge.tsx';
import { formatDate } from '../../lib/format.ts';

export default function ProjectHomePage() {
  const { ref = '' } = useParams();
  const project = useProjectQuery(ref);
  const { organization } = useOrganization(project.data?.organization_slug);
  if (!project.data) return <LoadingArea />;
  const { name, status, organization_slug: slug, region, inserted_at: insertedAt } = project.data;

  return (
    <PageContainer>
      <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <div className="flex items-center gap-3">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-fg" data-testid="project-name">
              {name}
            </h1>
            <ProjectStatusBadge status={status} />
          </div>
          <p className="text-sm text-fg-muted">
            <span className="font-mono text-xs">{ref}</span>
            <span className="mx-2 text-fg-subtle">·</span>
            <Link to={`/org/${slug}/general`} className="hover:text-fg">
              {organization?.name ?? slug}
            </Link>
            <span className="mx-2 text-fg-subtle">·</span>
            {engineLabel(project.data)}
            <span className="mx-2 text-fg-subtle">·</span>
            Region: {region}
            <span className="mx-2 text-fg-subtle">·</span>
            Created {formatDate(insertedAt)}
          </p>
        </div>
      </div>

      <div className="space-y-8">
        {status === 'INACTIVE' && (
          <div className="flex flex-wrap items-center gap-4 rounded-lg border border-line bg-surface px-5 py-4" data-testid="project-paused-notice">
            <PauseCircle className="size-5 text-fg-subtle" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-fg">This project is paused</p>
              <p className="text-sm text-fg-muted">Its data is intact. Restore it to use the database and the APIs again.</p>
            </div>
            <RestoreButton project={project.data} />
          </div>
        )}
        <ProjectApiPanel projectRef={ref} isEnabled={status === 'ACTIVE_HEALTHY'} />
        <ProductLinks projectRef={ref} slug={slug} />
      </div>
    </PageContainer>
  );
}
