import { toast } from 'sonner';
import type { Branch } from '@plinth/api-contract';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useBranchActionMutations } from '../../data/branches/branch-actions-mutations.ts';
import { useBranchDiffQuery } from '../../data/branches/branch-diff-query.ts';
import { errorMessage } from '../../lib/api.ts';

/** Merging: the SQL the branch's new migrations would apply to this project, shown first, then applied on confirm. */
export function MergeBranchDialog({ projectRef, branch, onClose }: { projectRef: string; branch: Branch | null; onClose: () => void }) {
  const diff = useBranchDiffQuery(projectRef, branch?.id);
  const { merge } = useBranchActionMutations(projectRef);
  const isEmpty = diff.data !== undefined && diff.data.trim() === '';
  return (
    <ConfirmDialog
      open={!!branch}
      onOpenChange={(open) => !open && onClose()}
      title={`Merge ${branch?.name ?? ''} into this project`}
      description="These migrations of the branch are not yet applied here; merging applies them in order."
      confirmLabel={isEmpty ? 'Nothing to merge' : 'Merge'}
      isLoading={merge.isPending}
      testId="branch-merge-dialog"
      onConfirm={() =>
        branch &&
        !isEmpty &&
        merge.mutate(branch.id, {
          onSuccess: (result) => (toast.success(result.message), onClose()),
          onError: (error) => toast.error(`Failed to merge branch: ${errorMessage(error)}`),
        })
      }
    >
      {diff.isLoading ? (
        <SkeletonRows rows={3} />
      ) : diff.isError ? (
        <p role="alert" className="text-sm text-danger">Failed to retrieve the changes: {errorMessage(diff.error)}</p>
      ) : isEmpty ? (
        <p className="text-sm text-fg-muted" data-testid="branch-merge-empty">The branch has no migrations this project lacks.</p>
      ) : (
        <pre className="max-h-80 overflow-auto rounded-md border border-line bg-surface-2 p-3 font-mono text-xs" data-testid="branch-merge-diff">{diff.data}</pre>
      )}
    </ConfirmDialog>
  );
}
