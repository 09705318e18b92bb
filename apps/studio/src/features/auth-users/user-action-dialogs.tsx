import { useState } from 'react';
import { toast } from 'sonner';
import type { AuthUser } from '@plinth/api-contract';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useAuthUserDeleteMutation } from '../../data/auth-users/user-delete-mutation.ts';
import { useAuthUserFactorsDeleteMutation } from '../../data/auth-users/user-factors-delete-mutation.ts';
import { UNBAN_DURATION, useAuthUserUpdateMutation } from '../../data/auth-users/user-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { BAN_DURATIONS, userLabel, type BanDuration } from './user-facts.ts';

export type UserDialog = 'factors' | 'ban' | 'unban' | 'delete';

interface UserActionDialogsProps {
  projectRef: string;
  user: AuthUser;
  dialog: UserDialog | null;
  onClose: () => void;
  onDeleted: () => void;
}

function BanDurationChoice({ value, onChange }: { value: BanDuration; onChange: (value: BanDuration) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-fg">Ban duration</legend>
      {BAN_DURATIONS.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm text-fg">
          <input type="radio" name="ban-duration" className="accent-brand" value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The confirmations behind the panel's actions: remove factors, ban (with a duration), unban, delete. */
export function UserActionDialogs({ projectRef, user, dialog, onClose, onDeleted }: UserActionDialogsProps) {
  const [duration, setDuration] = useState<BanDuration>('24h');
  const update = useAuthUserUpdateMutation(projectRef);
  const removeFactors = useAuthUserFactorsDeleteMutation(projectRef);
  const remove = useAuthUserDeleteMutation(projectRef);
  const label = userLabel(user);
  const close = (open: boolean) => !open && onClose();

  /** Runs the confirmed action; the dialog stays open on failure so the member can try again. */
  async function perform(what: string, action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toast.success(done);
      onClose();
    } catch (error) {
      toast.error(`Failed to ${what}: ${errorMessage(error)}`);
    }
  }

  return (
    <>
      <ConfirmDialog
        open={dialog === 'factors'}
        onOpenChange={close}
        title="Confirm to remove MFA factors"
        description={`This removes every MFA factor of ${label}. They will need to enrol again to use MFA.`}
        confirmLabel="Remove factors"
        variant="danger"
        isLoading={removeFactors.isPending}
        testId="remove-factors-dialog"
        onConfirm={() => void perform('remove MFA factors', () => removeFactors.mutateAsync({ id: user.id }), "Successfully removed the user's MFA factors")}
      />
      <ConfirmDialog
        open={dialog === 'ban'}
        onOpenChange={close}
        title="Confirm to ban user"
        description={`${label} will be unable to sign in or refresh a session until the ban ends.`}
        confirmLabel="Ban user"
        variant="danger"
        isLoading={update.isPending}
        testId="ban-user-dialog"
        onConfirm={() => void perform('ban user', () => update.mutateAsync({ id: user.id, ban_duration: duration }), `Banned ${label}`)}
      >
        <BanDurationChoice value={duration} onChange={setDuration} />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'unban'}
        onOpenChange={close}
        title="Confirm to unban user"
        description={`${label} will be able to sign in again.`}
        confirmLabel="Unban user"
        isLoading={update.isPending}
        testId="unban-user-dialog"
        onConfirm={() => void perform('unban user', () => update.mutateAsync({ id: user.id, ban_duration: UNBAN_DURATION }), `Unbanned ${label}`)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={close}
        title="Confirm to delete user"
        description={`This is permanent: ${label} will be deleted with their identities and MFA factors, and cannot sign in again with this account.`}
        confirmLabel="Delete user"
        variant="danger"
        isLoading={remove.isPending}
        testId="delete-user-dialog"
        onConfirm={() =>
          void perform('delete user', async () => {
            await remove.mutateAsync({ id: user.id });
            onDeleted();
          }, `Deleted user ${label}`)
        }
      />
    </>
  );
}
