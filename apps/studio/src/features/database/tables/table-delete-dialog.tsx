import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { Table } from '../../../data/pg-meta/types.ts';
import { useTableDeleteMutation } from '../../../data/tables/table-delete-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';

/** Deleting a table destroys its rows: the user types the table's name first. */
export function TableDeleteDialog({ projectRef, table, onClose, onDeleted }: { projectRef: string; table: Table; onClose: () => void; onDeleted?: () => void }) {
  const remove = useTableDeleteMutation(projectRef);
  const [isCascade, setIsCascade] = useState(false);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Confirm deletion of table "${table.name}"`}
      description="This will permanently delete the table and all of its rows. This cannot be undone."
      confirmLabel="Delete table"
      variant="danger"
      confirmValue={table.name}
      isLoading={remove.isPending}
      testId="table-delete-dialog"
      onConfirm={() =>
        remove.mutate(
          { id: table.id, cascade: isCascade },
          {
            onSuccess: () => {
              toast.success(`Successfully deleted table "${table.name}"`);
              onDeleted?.();
              onClose();
            },
            onError: (error) => toast.error(`Failed to delete table: ${errorMessage(error)}`),
          },
        )
      }
    >
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 accent-brand" checked={isCascade} onChange={(e) => setIsCascade(e.target.checked)} />
        <span>
          <span className="font-medium text-fg">Drop table with cascade?</span>
          <span className="block text-xs text-fg-muted">Also deletes objects that depend on this table, such as views and foreign keys of other tables.</span>
        </span>
      </label>
    </ConfirmDialog>
  );
}
