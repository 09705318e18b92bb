import { useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useProjectsQuery } from '../../data/projects/projects-query.ts';
import { useDailyUsageQuery } from '../../data/usage/usage-daily-query.ts';
import { useOrganizationUsageQuery } from '../../data/usage/usage-query.ts';
import { formatDate } from '../../lib/format.ts';
import { isExceedingUsageLimits } from './usage-figures.ts';
import { UsageMetricPanel } from './usage-metric-panel.tsx';

/** Organisation > Usage (?projectRef= narrows it to one project): each metric over the billing cycle. */
export function UsageView({ slug }: { slug: string }) {
  const [params, setParams] = useSearchParams();
  const projectRef = params.get('projectRef');
  const usage = useOrganizationUsageQuery(slug, projectRef);
  const daily = useDailyUsageQuery(slug, projectRef);
  const projects = (useProjectsQuery().data ?? []).filter((project) => project.organization_slug === slug);
  const cycleEnd = usage.data?.period_end ? new Date(new Date(usage.data.period_end).getTime() - 86_400_000) : null;

  function chooseProject(ref: string) {
    const next = new URLSearchParams(params);
    if (ref) next.set('projectRef', ref);
    else next.delete('projectRef');
    setParams(next, { replace: true });
  }

  return (
    <PageContainer size="wide">
      <PageHeader
        title="Usage"
        description={
          usage.data?.period_start && cycleEnd
            ? `Billing cycle ${formatDate(usage.data.period_start)} – ${formatDate(cycleEnd)} (calendar month, UTC). Figures other than database and storage size are metered hourly.`
            : 'Usage over the current billing cycle.'
        }
        actions={
          <label className="flex items-center gap-2 text-sm text-fg-muted">
            Project
            <select
              className="rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-fg"
              value={projectRef ?? ''}
              onChange={(event) => chooseProject(event.target.value)}
              data-testid="usage-project-filter"
            >
              <option value="">All projects</option>
              {projects.map((project) => (
                <option key={project.ref} value={project.ref}>
                  {project.name}
                </option>
              ))}
            </select>
          </label>
        }
      />
      {isExceedingUsageLimits(usage.data) && (
        <div className="mb-4 flex items-center gap-3 rounded-lg border border-danger/40 bg-danger/5 px-4 py-3 text-sm text-fg" data-testid="usage-exceeding">
          <Badge tone="danger">Exceeding usage limits</Badge>
          <span>Your organization is over its plan&apos;s included usage. Upgrade the plan or reduce usage.</span>
        </div>
      )}
      {usage.isPending ? (
        <SkeletonRows rows={6} />
      ) : usage.isError ? (
        <ErrorState error={usage.error} title="Failed to load usage" onRetry={() => void usage.refetch()} />
      ) : (
        <div className="rounded-lg border border-line bg-surface px-5">
          {usage.data.usages.map((entry) => (
            <UsageMetricPanel key={entry.metric} entry={entry} days={daily.data?.days} />
          ))}
        </div>
      )}
    </PageContainer>
  );
}
