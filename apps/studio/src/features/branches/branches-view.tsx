import { useState } from 'react';
import { Link } from 'react-router';
import { GitBranch, GitMerge, History, RotateCcw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Branch, Project } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useBranchActionMutations } from '../../data/branches/branch-actions-mutations.ts';
import { useBranchSource } from '../../data/branches/branch-source.ts';
import { useBranchesQuery } from '../../data/branches/branches-query.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatUtc } from '../../lib/format.ts';
import { BranchHistoryDialog } from './branch-history-dialog.tsx';
import { CreateBranchDialog } from './create-branch-dialog.tsx';
import { MergeBranchDialog } from './merge-branch-dialog.tsx';

const STATUS_TONE = { MIGRATIONS_PASSED: 'success', MIGRATIONS_FAILED: 'danger', CREATING_PROJECT: 'warning', RUNNING_MIGRATIONS: 'warning' } as const;
const STATUS_LABEL = { MIGRATIONS_PASSED: 'Healthy', MIGRATIONS_FAILED: 'Failed', CREATING_PROJECT: 'Creating', RUNNING_MIGRATIONS: 'Migrating' } as const;

/**
 * /project/{ref}/branches: the project's preview branches (each a project of its own, built from a
 * Git branch's migrations) with their status, Git branch, creation time and last migration, and
 * open, history (its migrations and failure log), merge, reset and delete. On a branch itself:
 * which project it belongs to.
 */
export function BranchesView({ project }: { project: Project }) {
  const ref = project.ref;
  const branches = useBranchesQuery(project.parent_project_ref ? undefined : ref);
  const source = useBranchSource(project.parent_project_ref ? undefined : ref);
  const canManage = useProjectCan(ref, Action.CREATE, Resource.PROJECTS);
  const actions = useBranchActionMutations(ref);
  const [isCreating, setIsCreating] = useState(false);
  const [resetting, setResetting] = useState<Branch | null>(null);
  const [deleting, setDeleting] = useState<Branch | null>(null);
  const [merging, setMerging] = useState<Branch | null>(null);
  const [history, setHistory] = useState<Branch | null>(null);

  if (project.parent_project_ref) {
    return (
      <p role="note" className="rounded-md border border-line-strong bg-surface-2 px-3 py-2.5 text-sm text-fg" data-testid="branch-of-note">
        This project is a preview branch of <Link className="text-brand underline" to={`/project/${project.parent_project_ref}/branches`}>{project.parent_project_ref}</Link>: its branches are listed there.
      </p>
    );
  }

  return (
    <div className="space-y-4" data-testid="branches">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted">
          {source.data ? `Branches are built from the migrations and seed of ${source.data.owner}/${source.data.repo}. Times are UTC.` : 'Times are UTC.'}
        </p>
        {canManage && source.data && (
          <Button variant="primary" icon={<GitBranch className="size-3.5" aria-hidden />} onClick={() => setIsCreating(true)} data-testid="branches-create">
            Create branch
          </Button>
        )}
      </div>
      {!source.isLoading && !source.data && (
        <p role="note" className="rounded-md border border-line-strong bg-surface-2 px-3 py-2.5 text-sm text-fg" data-testid="branches-no-repository">
          Connect this project to a Git repository in <Link className="text-brand underline" to={`/project/${ref}/settings/integrations`}>Integrations</Link> to create branches.
        </p>
      )}
      {branches.isLoading ? (
        <SkeletonRows rows={3} />
      ) : branches.isError || !branches.data ? (
        <ErrorState error={branches.error} title="Failed to retrieve branches" onRetry={() => void branches.refetch()} />
      ) : branches.data.length === 0 ? (
        <EmptyState icon={<GitBranch />} title="No branches yet" description="A preview branch is a database of its own, built from a Git branch's migrations." testId="branches-empty" />
      ) : (
        <Table label="Branches">
          <thead>
            <tr>
              <Th>Branch</Th>
              <Th>Status</Th>
              <Th>Git branch</Th>
              <Th>Created (UTC)</Th>
              <Th>Last migration</Th>
              <Th className="w-96"><span className="sr-only">Actions</span></Th>
            </tr>
          </thead>
          <tbody data-testid="branches-list">
            {branches.data.map((branch) => (
              <tr key={branch.id} data-testid={`branch-row-${branch.name}`}>
                <Td className="font-medium">{branch.name}</Td>
                <Td>
                  <Badge tone={STATUS_TONE[branch.status]}>{STATUS_LABEL[branch.status]}</Badge>
                  {branch.error && <p className="mt-1 max-w-48 truncate text-xs text-danger" title={branch.error} data-testid="branch-error">{branch.error}</p>}
                </Td>
                <Td className="font-mono text-xs">{branch.git_branch}</Td>
                <Td className="font-mono text-xs">{formatUtc(branch.created_at)}</Td>
                <Td className="font-mono text-xs">{branch.last_migration ? `${branch.last_migration.version}_${branch.last_migration.name}` : '-'}</Td>
                <Td className="text-right">
                  <div className="flex justify-end gap-2">
                    <ButtonLink variant="default" size="sm" to={`/project/${branch.project_ref}`} data-testid="branch-open">Open</ButtonLink>
                    <Button variant="default" size="sm" icon={<History className="size-3.5" aria-hidden />} onClick={() => setHistory(branch)} data-testid="branch-history">History</Button>
                    {canManage && (
                      <>
                        <Button variant="default" size="sm" icon={<GitMerge className="size-3.5" aria-hidden />} disabled={branch.status !== 'MIGRATIONS_PASSED'} onClick={() => setMerging(branch)} data-testid="branch-merge">Merge</Button>
                        <Button variant="default" size="sm" icon={<RotateCcw className="size-3.5" aria-hidden />} onClick={() => setResetting(branch)} data-testid="branch-reset">Reset</Button>
                        <Button variant="danger" size="sm" icon={<Trash2 className="size-3.5" aria-hidden />} onClick={() => setDeleting(branch)} data-testid="branch-delete">Delete</Button>
                      </>
                    )}
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {source.data && <CreateBranchDialog projectRef={ref} source={source.data} open={isCreating} onOpenChange={setIsCreating} />}
      <MergeBranchDialog projectRef={ref} branch={merging} onClose={() => setMerging(null)} />
      <BranchHistoryDialog projectRef={ref} branch={history} onClose={() => setHistory(null)} />
      <ConfirmDialog
        open={!!resetting}
        onOpenChange={(open) => !open && setResetting(null)}
        title={`Reset branch ${resetting?.name ?? ''}`}
        description="Its database is dropped and built again from the Git branch's migrations and seed. Its data is lost."
        confirmLabel="Reset branch"
        variant="warning"
        isLoading={actions.reset.isPending}
        testId="branch-reset-dialog"
        onConfirm={() =>
          resetting &&
          actions.reset.mutate(resetting.id, {
            onSuccess: () => (toast.success(`Resetting ${resetting.name}`), setResetting(null)),
            onError: (error) => toast.error(`Failed to reset branch: ${errorMessage(error)}`),
          })
        }
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete branch ${deleting?.name ?? ''}`}
        description="The branch's project, its database, files and keys are deleted. The Git branch is not touched."
        confirmLabel="Delete branch"
        variant="danger"
        confirmValue={deleting?.name}
        isLoading={actions.remove.isPending}
        testId="branch-delete-dialog"
        onConfirm={() =>
          deleting &&
          actions.remove.mutate(deleting.id, {
            onSuccess: () => (toast.success(`Deleted branch ${deleting.name}`), setDeleting(null)),
            onError: (error) => toast.error(`Failed to delete branch: ${errorMessage(error)}`),
          })
        }
      />
    </div>
  );
}
