import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useExplorer } from './explorer-context.tsx';
import type { StorageItem } from './items.ts';

/** The delete confirmation: files, or folders with everything in them. */
export function DeleteDialog({ items, onClose }: { items: StorageItem[]; onClose: () => void }) {
  const { actions } = useExplorer();
  const [isDeleting, setIsDeleting] = useState(false);
  const hasFolder = items.some((item) => item.type === 'FOLDER');
  const what = items.length > 1 ? `${items.length} items` : items[0].name;

  async function confirm() {
    setIsDeleting(true);
    try {
      await actions.remove(items);
    } finally {
      setIsDeleting(false);
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Confirm deletion of ${what}`}
      description={`Are you sure you want to delete the selected ${hasFolder ? 'items, including everything inside the folders' : items.length > 1 ? 'files' : 'file'}? This action cannot be undone.`}
      confirmLabel="Delete"
      variant="danger"
      isLoading={isDeleting}
      onConfirm={() => void confirm()}
      testId="explorer-delete-dialog"
    />
  );
}
