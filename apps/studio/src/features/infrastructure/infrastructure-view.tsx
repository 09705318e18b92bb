import type { ProjectInfrastructure } from '@plinth/api-contract';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useProjectInfrastructureQuery } from '../../data/infrastructure/infrastructure-query.ts';
import { cn } from '../../lib/cn.ts';
import { formatDateTime, formatSize } from '../../lib/format.ts';
import { UpgradePanel } from './upgrade-panel.tsx';

const ENGINE_LABELS: Record<ProjectInfrastructure['engine'], string> = {
  local: 'Local (a PostgreSQL cluster of its own)',
  embedded: 'Embedded (PGlite)',
  postgres: 'Postgres server',
};

/** The platform's thresholds for the resource-warning banner (control/resource-warnings.ts). */
const WARNING_RATIO = 0.8;
const CRITICAL_RATIO = 0.95;

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-6 py-2 text-sm">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right font-mono text-fg" data-testid={testId} title={value}>
        {value}
      </dd>
    </div>
  );
}

function DiskUsage({ used, included }: { used: number | null; included: number | null }) {
  if (used === null) return <p className="text-sm text-fg-muted">Not measured: the database is not answering right now.</p>;
  const ratio = included ? used / included : 0;
  const level = ratio >= CRITICAL_RATIO ? 'critical' : ratio >= WARNING_RATIO ? 'warning' : null;
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <p className="text-2xl font-semibold text-fg" data-testid="disk-used">
          {formatSize(used)}
        </p>
        <p className="text-sm text-fg-muted" data-testid="disk-included">
          {included === null ? 'of unlimited disk on your plan' : `of ${formatSize(included)} included in your plan (${Math.round(ratio * 100)}%)`}
        </p>
        {level && <Badge tone={level === 'critical' ? 'danger' : 'warning'}>{level}</Badge>}
      </div>
      {included !== null && (
        <div className="h-2 overflow-hidden rounded-full bg-surface-3" aria-hidden>
          <div
            className={cn('h-full', level === 'critical' ? 'bg-danger' : level === 'warning' ? 'bg-warning' : 'bg-brand')}
            style={{ width: `${Math.min(100, ratio * 100)}%` }}
          />
        </div>
      )}
    </div>
  );
}

/** Read-only mode (the platform's control/read-only-mode.ts): why writes are refused and how to get them back. */
function ReadOnlyNotice({ projectRef, since }: { projectRef: string; since: string }) {
  return (
    <div role="alert" className="mt-4 rounded-md border border-danger/30 bg-danger/10 px-4 py-3 text-sm" data-testid="read-only-mode">
      <p className="font-medium text-danger">Read-only mode since {formatDateTime(since)}</p>
      <p className="mt-1 text-fg">
        The database exceeds the disk quota of the plan, so it refuses writes from the API, auth, storage and the connection pooler.
        Free up space in the <Link to={`/project/${projectRef}/sql/new`} className="font-medium underline">SQL editor</Link>{' '}
        (delete rows, drop tables, then <code>vacuum full</code>) or upgrade the plan: writes resume within a minute.
      </p>
    </div>
  );
}

/** Settings > Infrastructure: where the database runs, what it uses, and the upgrades open to it. */
export function InfrastructureView({ projectRef }: { projectRef: string }) {
  const infrastructure = useProjectInfrastructureQuery(projectRef);
  if (infrastructure.isPending) return <SkeletonRows rows={6} />;
  if (infrastructure.isError) {
    return <ErrorState error={infrastructure.error} title="Failed to retrieve infrastructure" onRetry={() => void infrastructure.refetch()} />;
  }
  const data = infrastructure.data;
  return (
    <div className="space-y-6" data-testid="infrastructure">
      <Panel title="Database" description="The engine and server that run the project's database." testId="database-panel">
        <dl className="divide-y divide-line">
          <Fact label="Engine" value={ENGINE_LABELS[data.engine]} testId="infrastructure-engine" />
          <Fact label="Server" value={data.server} testId="infrastructure-server" />
          <Fact label="PostgreSQL version" value={data.postgres_version || 'Not provisioned yet'} testId="infrastructure-version" />
          {data.connections && (
            <Fact label="Connections" value={`${data.connections.used} of ${data.connections.max}`} testId="infrastructure-connections" />
          )}
        </dl>
      </Panel>
      <Panel title="Disk usage" description="The size of the project's database against what the organization's plan includes." testId="disk-panel">
        <DiskUsage used={data.disk_used_bytes} included={data.disk_included_bytes} />
        {data.read_only_since && <ReadOnlyNotice projectRef={projectRef} since={data.read_only_since} />}
      </Panel>
      <UpgradePanel projectRef={projectRef} upgrade={data.upgrade} />
    </div>
  );
}
