import { Link } from 'react-router';
import { GitBranch } from 'lucide-react';
import type { Project } from '@plinth/api-contract';

/** Shown on every page of a preview branch: its schema comes from its Git branch, and the dashboard cannot change it. */
export function BranchProjectNotice({ project }: { project: Project | undefined }) {
  if (!project?.parent_project_ref) return null;
  return (
    <div role="note" className="flex items-center gap-2 border-b border-warning/40 bg-warning/10 px-4 py-2 text-sm text-fg" data-testid="branch-project-notice">
      <GitBranch className="size-4 shrink-0 text-warning" aria-hidden />
      <span>
        This is a preview branch of <Link className="text-brand underline" to={`/project/${project.parent_project_ref}/branches`}>{project.parent_project_ref}</Link>. Dashboard schema changes are disabled for preview branches: change the schema with a migration in its Git branch.
      </span>
    </div>
  );
}
