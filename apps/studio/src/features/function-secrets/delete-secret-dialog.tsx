import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useFunctionSecretsDeleteMutation } from '../../data/function-secrets/secrets-delete-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

interface DeleteSecretDialogProps {
  projectRef: string;
  /** The secret to delete; null when closed. */
  name: string | null;
  onClose: () => void;
}

export function DeleteSecretDialog({ projectRef, name, onClose }: DeleteSecretDialogProps) {
  const remove = useFunctionSecretsDeleteMutation(projectRef);
  return (
    <ConfirmDialog
      open={name !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete secret ${name ?? ''}`}
      description="Functions that read it will no longer find it from their next request. This action cannot be undone."
      confirmLabel="Delete secret"
      variant="danger"
      isLoading={remove.isPending}
      testId="delete-secret-dialog"
      onConfirm={() => {
        if (name === null) return;
        remove.mutate([name], {
          onSuccess: () => {
            toast.success(`Successfully deleted secret ${name}`);
            onClose();
          },
          onError: (error) => toast.error(`Failed to delete secret: ${errorMessage(error)}`),
        });
      }}
    />
  );
}
