import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import type { Policy } from '../../data/pg-meta/types.ts';
import { usePolicyDeleteMutation } from '../../data/policies/policy-delete-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

interface PolicyDeleteDialogProps {
  projectRef: string;
  policy: Policy;
  onClose: () => void;
  /** The storage policies page words it 'Failed to delete policy' (spec document 2, §8). */
  errorPrefix?: string;
}

export function PolicyDeleteDialog({ projectRef, policy, onClose, errorPrefix = 'Error deleting policy' }: PolicyDeleteDialogProps) {
  const remove = usePolicyDeleteMutation(projectRef);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete policy"
      description={`Are you sure you want to delete the policy "${policy.name}" on ${policy.schema}.${policy.table}? This cannot be undone.`}
      confirmLabel="Delete policy"
      variant="danger"
      isLoading={remove.isPending}
      testId="policy-delete-dialog"
      onConfirm={() =>
        remove.mutate(
          { id: policy.id },
          {
            onSuccess: () => {
              toast.success('Successfully deleted policy!');
              onClose();
            },
            onError: (error) => toast.error(`${errorPrefix}: ${errorMessage(error)}`),
          },
        )
      }
    />
  );
}
