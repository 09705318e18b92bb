import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api.ts';
import type { Entity } from '../../data/entities/entity-types.ts';
import { exportTableCsv } from '../../data/table-export/table-export.ts';
import { DeleteTableDialog } from './delete-table-dialog.tsx';
import { DuplicateTableDialog } from './duplicate-table-dialog.tsx';
import { EditTableDialog } from './edit-table-dialog.tsx';
import type { EntityAction } from './entity-row.tsx';

/** Export as CSV with the spec's three notifications; the file streams from the server. */
export function exportWithNotifications(projectRef: string, entity: { id: number; name: string }): void {
  let toastId: string | number | undefined;
  exportTableCsv(projectRef, entity, () => {
    toastId = toast.loading(`Exporting ${entity.name} as CSV...`);
  })
    .then((outcome) => {
      if (outcome === 'exported') toast.success(`Successfully exported ${entity.name} as CSV`, { id: toastId });
      else if (toastId !== undefined) toast.dismiss(toastId);
    })
    .catch((error: unknown) => toast.error(`Failed to export table: ${errorMessage(error)}`, { id: toastId }));
}

/** The entity menu's actions and their dialogs. */
export function useEntityActions(projectRef: string, selectedId: number | undefined): { perform: (action: EntityAction, entity: Entity) => void; dialogs: ReactNode } {
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ action: Exclude<EntityAction, 'export'>; entity: Entity } | null>(null);
  const close = () => setOpen(null);

  function perform(action: EntityAction, entity: Entity) {
    if (action === 'export') exportWithNotifications(projectRef, entity);
    else setOpen({ action, entity });
  }

  const dialogs = (
    <>
      <EditTableDialog projectRef={projectRef} entity={open?.action === 'edit' ? open.entity : null} onClose={close} />
      <DuplicateTableDialog projectRef={projectRef} entity={open?.action === 'duplicate' ? open.entity : null} onClose={close} />
      <DeleteTableDialog
        projectRef={projectRef}
        entity={open?.action === 'delete' ? open.entity : null}
        onClose={close}
        onDeleted={(entity) => {
          if (entity.id === selectedId) void navigate(`/project/${projectRef}/editor?schema=${encodeURIComponent(entity.schema)}`, { replace: true });
        }}
      />
    </>
  );
  return { perform, dialogs };
}
