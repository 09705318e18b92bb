import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useSigningKeyDeleteMutation } from '../../data/api-keys/signing-key-delete-mutation.ts';
import { useSigningKeyUpdateMutation } from '../../data/api-keys/signing-key-update-mutation.ts';
import type { SigningKey } from '../../data/api-keys/signing-keys-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { isLegacySecret, SIGNING_KEY_ALGORITHM, type SigningKeyAction } from './signing-key-labels.ts';

interface Wording {
  title: string;
  description: string;
  confirmLabel: string;
  variant: 'primary' | 'danger';
  done: string;
  failed: string;
  warning?: ReactNode;
}

function wordingOf(kind: SigningKeyAction, key: SigningKey): Wording {
  if (kind === 'rotate') {
    return {
      title: 'Rotate to this key?',
      description: 'It becomes the current key and signs every new access token. The current key moves to previously used: tokens it signed stay valid until they expire or you revoke it.',
      confirmLabel: 'Rotate keys',
      variant: 'primary',
      done: 'Signing keys rotated',
      failed: 'Failed to rotate signing keys',
    };
  }
  if (kind === 'revoke') {
    return {
      title: 'Revoke this key?',
      description: 'Tokens signed with it are refused from now on: users still holding one must sign in again. A revoked key cannot be used again.',
      confirmLabel: 'Revoke key',
      variant: 'danger',
      done: 'Signing key revoked',
      failed: 'Failed to revoke signing key',
      warning: isLegacySecret(key) ? (
        <p role="note" className="rounded-md border border-warning/30 bg-warning/5 px-3 py-2.5 text-sm text-fg-muted">
          The legacy <code>anon</code> and <code>service_role</code> API keys are signed with this secret and stop working too. Use publishable and secret
          API keys instead.
        </p>
      ) : undefined,
    };
  }
  return {
    title: 'Delete this key?',
    description: 'It is removed from the project and its JWKS for good.',
    confirmLabel: 'Delete key',
    variant: 'danger',
    done: 'Signing key deleted',
    failed: 'Failed to delete signing key',
  };
}

interface SigningKeyActionDialogProps {
  projectRef: string;
  action: { kind: SigningKeyAction; key: SigningKey } | null;
  onClose: () => void;
}

/** The confirmation before rotating to, revoking or deleting a signing key. */
export function SigningKeyActionDialog({ projectRef, action, onClose }: SigningKeyActionDialogProps) {
  const update = useSigningKeyUpdateMutation(projectRef);
  const remove = useSigningKeyDeleteMutation(projectRef);
  if (!action) return null;
  const { kind, key } = action;
  const wording = wordingOf(kind, key);

  function confirm() {
    const callbacks = {
      onSuccess: () => {
        toast.success(wording.done);
        onClose();
      },
      onError: (error: unknown) => toast.error(wording.failed, { description: errorMessage(error) }),
    };
    if (kind === 'delete') remove.mutate({ id: key.id }, callbacks);
    else update.mutate({ id: key.id, status: kind === 'rotate' ? 'in_use' : 'revoked' }, callbacks);
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={wording.title}
      description={wording.description}
      confirmLabel={wording.confirmLabel}
      variant={wording.variant}
      isLoading={update.isPending || remove.isPending}
      onConfirm={confirm}
      testId={`signing-key-${kind}-dialog`}
    >
      <p className="text-sm text-fg">
        {SIGNING_KEY_ALGORITHM[key.algorithm]} <code className="font-mono text-xs text-fg-muted">{key.id}</code>
      </p>
      {wording.warning}
    </ConfirmDialog>
  );
}
