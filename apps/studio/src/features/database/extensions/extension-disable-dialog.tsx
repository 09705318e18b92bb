import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useExtensionDisableMutation } from '../../../data/extensions/extension-disable-mutation.ts';
import type { Extension } from '../../../data/pg-meta/types.ts';
import { errorMessage } from '../../../lib/api.ts';

/** DROP EXTENSION; with CASCADE only when the user asks for it, having been told what it drops. */
export function ExtensionDisableDialog({ projectRef, extension, onClose }: { projectRef: string; extension: Extension; onClose: () => void }) {
  const disable = useExtensionDisableMutation(projectRef);
  const [isCascade, setIsCascade] = useState(false);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Disable ${extension.name}`}
      description="Disabling drops the extension and the functions, types and operators it created."
      confirmLabel="Disable extension"
      variant="danger"
      isLoading={disable.isPending}
      testId="extension-disable-dialog"
      onConfirm={() =>
        disable.mutate(
          { name: extension.name, cascade: isCascade },
          {
            onSuccess: () => {
              toast.success(`Extension "${extension.name}" is now disabled`);
              onClose();
            },
            onError: (error) => toast.error(`Failed to disable ${extension.name}: ${errorMessage(error)}`),
          },
        )
      }
    >
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 accent-brand" checked={isCascade} onChange={(e) => setIsCascade(e.target.checked)} data-testid="extension-cascade" />
        <span>
          <span className="font-medium text-fg">Also drop the objects that use it (CASCADE)</span>
          <span className="block text-xs text-fg-muted">
            Without it, disabling fails, and nothing is dropped, while columns, indexes, functions or other extensions depend on this
            extension. With it, those are dropped too: columns of its types lose their data.
          </span>
        </span>
      </label>
    </ConfirmDialog>
  );
}
