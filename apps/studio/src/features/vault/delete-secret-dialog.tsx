import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useDeleteVaultSecretMutation } from '../../data/vault/vault-mutations.ts';
import type { VaultSecret } from '../../data/vault/vault-secrets-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { secretLabel } from './secret-label.ts';

interface DeleteSecretDialogProps {
  projectRef: string;
  /** The secret to delete; null when closed. */
  secret: VaultSecret | null;
  onClose: () => void;
}

export function DeleteVaultSecretDialog({ projectRef, secret, onClose }: DeleteSecretDialogProps) {
  const remove = useDeleteVaultSecretMutation(projectRef);
  const label = secret ? secretLabel(secret) : '';
  return (
    <ConfirmDialog
      open={secret !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete secret ${label}`}
      description="Anything that reads it from vault.decrypted_secrets will no longer find it. This action cannot be undone."
      confirmLabel="Delete secret"
      variant="danger"
      isLoading={remove.isPending}
      testId="vault-delete-dialog"
      onConfirm={() => {
        if (!secret) return;
        remove.mutate(secret.id, {
          onSuccess: () => {
            toast.success(`Successfully deleted secret ${label}`);
            onClose();
          },
          onError: (error) => toast.error(`Failed to delete secret: ${errorMessage(error)}`),
        });
      }}
    />
  );
}
