import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { useResourceWarningsQuery } from '../../data/projects/resource-warnings-query.ts';
import { cn } from '../../lib/cn.ts';

/**
 * Per-project resource warning. Destructive style when read-only mode is on or a resource is
 * critical. Hidden on usage and infrastructure pages; for read-only mode also on settings/database.
 */
export function ResourceWarningBanner({ projectRef, slug, pathAfterRef }: { projectRef: string; slug: string | undefined; pathAfterRef: string }) {
  const warnings = useResourceWarningsQuery();
  const warning = warnings.data?.find((entry) => entry.project === projectRef);
  if (!warning) return null;
  const isReadOnly = warning.is_readonly_mode_enabled;
  // Disk is what Plinth measures today; the other resources' levels count the same way once they are.
  const levels = Object.entries(warning).filter(([key, value]) => key !== 'project' && (value === 'warning' || value === 'critical'));
  const level = levels.some(([, value]) => value === 'critical') ? 'critical' : levels.length > 0 ? 'warning' : null;
  if (!isReadOnly && !level) return null;
  if (pathAfterRef.startsWith('/settings/infrastructure') || pathAfterRef.startsWith('/usage')) return null;
  if (isReadOnly && pathAfterRef.startsWith('/settings/database')) return null;
  const isDestructive = isReadOnly || level === 'critical';
  const title = isReadOnly
    ? 'Project is in read-only mode and database is no longer accepting write requests'
    : warning.disk_space_exhaustion === 'critical'
      ? 'Your project has run out of disk space'
      : warning.disk_space_exhaustion === 'warning'
        ? 'Your project is about to run out of disk space'
        : 'Your project is running out of resources';
  return (
    <div
      role="alert"
      className={cn(
        'flex items-center gap-3 border-b px-6 py-2.5 text-sm',
        isDestructive ? 'border-danger/30 bg-danger/10 text-danger' : 'border-warning/30 bg-warning/10 text-warning',
      )}
    >
      <AlertTriangle className="size-4 shrink-0" aria-hidden />
      <span className="flex-1 text-fg">{title}</span>
      <Link to="/support/new" className="font-medium hover:underline">
        Learn more
      </Link>
      {slug && (
        <Link to={`/org/${slug}/usage?projectRef=${projectRef}`} className="font-medium hover:underline">
          Check usage
        </Link>
      )}
    </div>
  );
}
