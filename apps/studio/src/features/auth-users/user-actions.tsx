import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { AuthUser } from '@plinth/api-contract';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useAuthUserMagicLinkMutation } from '../../data/auth-users/user-magic-link-mutation.ts';
import { useAuthUserRecoverMutation } from '../../data/auth-users/user-recover-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { UserActionDialogs, type UserDialog } from './user-action-dialogs.tsx';
import { PanelSection } from './user-details.tsx';
import { canReceiveEmail, isBanned, WRITE_PERMISSION_MESSAGE } from './user-facts.ts';

const NO_EMAIL = 'This user has no email address';

interface ActionRowProps {
  title: string;
  description: string;
  label: string;
  /** Why the action is unavailable; null when it is available. */
  reason: string | null;
  onClick: () => void;
  isLoading?: boolean;
  variant?: ButtonVariant;
}

function ActionRow({ title, description, label, reason, onClick, isLoading, variant = 'default' }: ActionRowProps) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3" data-testid={`user-action-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm font-medium text-fg">{title}</p>
        <p className="text-xs text-fg-muted">{description}</p>
      </div>
      <DisabledTooltip content={reason} isDisabled={reason !== null}>
        <Button size="sm" variant={variant} onClick={onClick} disabled={reason !== null} isLoading={isLoading}>
          {label}
        </Button>
      </DisabledTooltip>
    </div>
  );
}

function Group({ children, tone = 'default' }: { children: ReactNode; tone?: 'default' | 'danger' }) {
  return <div className={tone === 'danger' ? 'divide-y divide-danger/20 rounded-lg border border-danger/30 bg-danger/5' : 'divide-y divide-line rounded-lg border border-line'}>{children}</div>;
}

/**
 * What a member can do to a user. Emails go out at once (they are undoable by nature); removing
 * factors, banning and deleting ask first.
 */
export function UserActions({ projectRef, user, canWrite, onDeleted }: { projectRef: string; user: AuthUser; canWrite: boolean; onDeleted: () => void }) {
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const recover = useAuthUserRecoverMutation(projectRef);
  const magicLink = useAuthUserMagicLinkMutation(projectRef);
  const emailReason = !canWrite ? WRITE_PERMISSION_MESSAGE : !canReceiveEmail(user) ? NO_EMAIL : null;
  const writeReason = canWrite ? null : WRITE_PERMISSION_MESSAGE;
  const banned = isBanned(user);

  function sendRecovery() {
    recover.mutate(
      { email: user.email },
      {
        onSuccess: () => toast.success(`Sent password recovery to ${user.email}`),
        onError: (error) => toast.error(`Failed to send password recovery: ${errorMessage(error)}`),
      },
    );
  }

  function sendMagicLink() {
    magicLink.mutate(
      { email: user.email },
      {
        onSuccess: () => toast.success(`Sent magic link to ${user.email}`),
        onError: (error) => toast.error(`Failed to send magic link: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <>
      <PanelSection title="Actions" testId="user-actions">
        <Group>
          <ActionRow
            title="Reset password"
            description="Send an email with a link to reset the password."
            label="Send password recovery"
            reason={emailReason}
            onClick={sendRecovery}
            isLoading={recover.isPending}
          />
          <ActionRow
            title="Magic link"
            description="Send an email with a link that signs the user in without a password."
            label="Send magic link"
            reason={emailReason}
            onClick={sendMagicLink}
            isLoading={magicLink.isPending}
          />
          <ActionRow
            title="Multi-factor authentication"
            description="Remove every MFA factor: the user signs in with their first factor only until they enrol again."
            label="Remove MFA factors"
            reason={writeReason ?? (user.factors.length === 0 ? 'This user has no MFA factors' : null)}
            onClick={() => setDialog('factors')}
          />
        </Group>
      </PanelSection>
      <PanelSection title="Danger zone" testId="user-danger-zone">
        <Group tone="danger">
          {banned ? (
            <ActionRow
              title="Unban user"
              description="Let the user sign in again and refresh their sessions."
              label="Unban user"
              reason={writeReason}
              variant="warning"
              onClick={() => setDialog('unban')}
            />
          ) : (
            <ActionRow
              title="Ban user"
              description="Refuse sign-ins and session refreshes for a while, or for good."
              label="Ban user"
              reason={writeReason}
              variant="warning"
              onClick={() => setDialog('ban')}
            />
          )}
          <ActionRow
            title="Delete user"
            description="Remove the user, their identities and factors for good. Their tokens stop working."
            label="Delete user"
            reason={writeReason}
            variant="danger"
            onClick={() => setDialog('delete')}
          />
        </Group>
      </PanelSection>
      <UserActionDialogs projectRef={projectRef} user={user} dialog={dialog} onClose={() => setDialog(null)} onDeleted={onDeleted} />
    </>
  );
}
