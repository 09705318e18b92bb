import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { Column } from '../../../data/pg-meta/types.ts';
import { useColumnDeleteMutation } from '../../../data/tables/column-delete-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';

/** Dropping a column destroys its values: the user types the column's name first. */
export function ColumnDeleteDialog({ projectRef, column, onClose }: { projectRef: string; column: Column; onClose: () => void }) {
  const remove = useColumnDeleteMutation(projectRef);
  const [isCascade, setIsCascade] = useState(false);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Confirm deletion of column "${column.name}"`}
      description={`This will permanently delete the column and its values from ${column.schema}.${column.table}. This cannot be undone.`}
      confirmLabel="Delete column"
      variant="danger"
      confirmValue={column.name}
      isLoading={remove.isPending}
      testId="column-delete-dialog"
      onConfirm={() =>
        remove.mutate(
          { id: column.id, cascade: isCascade },
          {
            onSuccess: () => {
              toast.success(`Successfully deleted column "${column.name}"`);
              onClose();
            },
            onError: (error) => toast.error(`Failed to delete column: ${errorMessage(error)}`),
          },
        )
      }
    >
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 accent-brand" checked={isCascade} onChange={(e) => setIsCascade(e.target.checked)} />
        <span>
          <span className="font-medium text-fg">Drop column with cascade?</span>
          <span className="block text-xs text-fg-muted">Also deletes objects that depend on this column, such as views, indexes and foreign keys.</span>
        </span>
      </label>
    </ConfirmDialog>
  );
}
