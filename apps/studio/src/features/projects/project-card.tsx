import { Link } from 'react-router';
import { Database } from 'lucide-react';
import type { Project } from '@plinth/api-contract';
import { formatDate } from '../../lib/format.ts';
import { engineLabel } from './engine-label.ts';
import { ProjectStatusBadge } from './status-badge.tsx';

export function ProjectCard({ project }: { project: Project }) {
  return (
    <Link
      to={`/project/${project.ref}`}
      data-testid={`project-card-${project.ref}`}
      className="group flex flex-col rounded-lg border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-surface-2"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-surface-3 text-fg-muted group-hover:text-brand">
            <Database className="size-4" aria-hidden />
          </span>
          <div className="min-w-0">
            <h3 className="truncate text-sm font-medium text-fg">{project.name}</h3>
            <p className="truncate font-mono text-xs text-fg-subtle">{project.ref}</p>
          </div>
        </div>
        <ProjectStatusBadge status={project.status} testId={`project-status-${project.ref}`} />
      </div>
      <div className="mt-4 flex items-center gap-2 text-xs text-fg-subtle">
        <span>{engineLabel(project)}</span>
        <span aria-hidden>·</span>
        <span>{project.region}</span>
        <span aria-hidden>·</span>
        <span>Created {formatDate(project.inserted_at)}</span>
      </div>
    </Link>
  );
}
