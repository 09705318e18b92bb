import type { ProjectStatus } from '@plinth/api-contract';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';

const STATUS: Record<ProjectStatus, { label: string; tone: BadgeTone }> = {
  ACTIVE_HEALTHY: { label: 'Healthy', tone: 'success' },
  COMING_UP: { label: 'Setting up', tone: 'info' },
  UNKNOWN: { label: 'Unknown', tone: 'neutral' },
  INACTIVE: { label: 'Paused', tone: 'neutral' },
  GOING_DOWN: { label: 'Going down', tone: 'warning' },
  PAUSING: { label: 'Pausing', tone: 'warning' },
  RESTORING: { label: 'Restoring', tone: 'info' },
  RESTORATION_FAILED: { label: 'Restore failed', tone: 'danger' },
  UPGRADING: { label: 'Upgrading', tone: 'info' },
  REMOVED: { label: 'Removed', tone: 'danger' },
};

export function projectStatusLabel(status: ProjectStatus): string {
  return STATUS[status]?.label ?? status;
}

export function ProjectStatusBadge({ status, testId = 'project-status' }: { status: ProjectStatus; testId?: string }) {
  const { label, tone } = STATUS[status] ?? { label: status, tone: 'neutral' as const };
  return (
    <span data-testid={testId} data-status={status} className="inline-flex">
      <Badge tone={tone} dot>
        {label}
      </Badge>
    </span>
  );
}
