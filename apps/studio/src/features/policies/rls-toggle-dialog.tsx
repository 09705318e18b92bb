import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import type { Table } from '../../data/pg-meta/types.ts';
import { useTableUpdateMutation } from '../../data/tables/table-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

interface RlsToggleDialogProps {
  projectRef: string;
  table: Table;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Confirm (danger style when disabling), PATCH the inverted rls_enabled, the list refetches. */
export function RlsToggleDialog({ projectRef, table, open, onOpenChange }: RlsToggleDialogProps) {
  const update = useTableUpdateMutation(projectRef);
  const isDisabling = table.rls_enabled;
  const verb = isDisabling ? 'disable' : 'enable';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Confirm to ${verb} Row Level Security`}
      description={
        isDisabling
          ? `Are you sure you want to disable row level security for the table "${table.name}"? Its rows become readable and writable by anyone holding the anon key.`
          : `Are you sure you want to enable row level security for the table "${table.name}"? Until you add policies, no rows can be read or changed through the API.`
      }
      confirmLabel={isDisabling ? 'Disable RLS' : 'Enable RLS'}
      variant={isDisabling ? 'danger' : 'primary'}
      isLoading={update.isPending}
      testId="rls-toggle-dialog"
      onConfirm={() =>
        update.mutate(
          { id: table.id, changes: { rls_enabled: !table.rls_enabled } },
          {
            onSuccess: () => onOpenChange(false),
            onError: (error) => toast.error(`Failed to toggle RLS: ${errorMessage(error)}`),
          },
        )
      }
    />
  );
}
