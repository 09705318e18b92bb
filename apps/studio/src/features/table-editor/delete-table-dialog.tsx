import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { Entity } from '../../data/entities/entity-types.ts';
import { useTableDeleteMutation } from '../../data/tables/table-delete-mutation.ts';

/** Delete Table, optionally with CASCADE (views and foreign keys that depend on it go too). */
export function DeleteTableDialog({ projectRef, entity, onClose, onDeleted }: { projectRef: string; entity: Entity | null; onClose: () => void; onDeleted: (entity: Entity) => void }) {
  const remove = useTableDeleteMutation(projectRef);
  const [isCascade, setIsCascade] = useState(false);
  useEffect(() => setIsCascade(false), [entity]);

  return (
    <ConfirmDialog
      open={entity !== null}
      onOpenChange={(open) => !open && onClose()}
      title={entity ? `Confirm deletion of table "${entity.name}"` : 'Delete table'}
      description="Are you sure you want to delete the selected table? This action cannot be undone."
      confirmLabel="Delete"
      variant="danger"
      isLoading={remove.isPending}
      testId="delete-table-dialog"
      onConfirm={() => {
        if (!entity) return;
        remove.mutate(
          { id: entity.id, cascade: isCascade },
          {
            onSuccess: () => {
              toast.success(`Successfully deleted table "${entity.name}"`);
              onDeleted(entity);
              onClose();
            },
            onError: (error) => toast.error(`Failed to delete table: ${errorMessage(error)}`),
          },
        );
      }}
    >
      <label className="flex items-start gap-2 text-sm text-fg">
        <input type="checkbox" className="mt-1" checked={isCascade} onChange={(e) => setIsCascade(e.target.checked)} />
        <span>
          Drop table with cascade?
          <span className="block text-xs text-fg-muted">Also deletes the objects that depend on this table, such as views and foreign keys of other tables.</span>
        </span>
      </label>
    </ConfirmDialog>
  );
}
