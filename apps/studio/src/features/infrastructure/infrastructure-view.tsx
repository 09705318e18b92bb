import type { ProjectInfrastructure } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useProjectInfrastructureQuery } from '../../data/infrastructure/infrastructure-query.ts';
import { cn } from '../../lib/cn.ts';
import { formatSize } from '../../lib/format.ts';

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

function UpgradePanel({ upgrade }: { upgrade: ProjectInfrastructure['upgrade'] }) {
  const targets = upgrade.target_upgrade_versions.map((t) => `PostgreSQL ${t.postgres_version}`).join(', ');
  return (
    <Panel title="Postgres upgrade" description="Newer PostgreSQL major versions this project could move to." testId="upgrade-panel">
      {upgrade.eligible ? (
        <div className="space-y-1 text-sm" data-testid="upgrade-eligible">
          <p className="text-fg">{targets} is available for this project.</p>
          <p className="text-fg-muted">Upgrades come in a later release of Plinth; nothing needs doing now.</p>
        </div>
      ) : upgrade.requires_manual_intervention ? (
        <p className="text-sm text-fg-muted" data-testid="upgrade-unavailable">{upgrade.requires_manual_intervention}</p>
      ) : (
        <p className="text-sm text-fg-muted" data-testid="upgrade-latest">Your project is on the newest PostgreSQL version available here.</p>
      )}
    </Panel>
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
      </Panel>
      <UpgradePanel upgrade={data.upgrade} />
    </div>
  );
}
