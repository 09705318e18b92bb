import { toast } from 'sonner';
import { useAuthUserInviteMutation } from '../../data/auth-users/user-invite-mutation.ts';
import { useAuthUserMagicLinkMutation } from '../../data/auth-users/user-magic-link-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { EmailActionDialog } from './email-action-dialog.tsx';

export type AddUserMode = 'create' | 'invite' | 'magic-link';

/** The dialog behind each entry of the Add user menu. */
export function AddUserDialogs({ projectRef, mode, onClose }: { projectRef: string; mode: AddUserMode | null; onClose: () => void }) {
  const invite = useAuthUserInviteMutation(projectRef);
  const magicLink = useAuthUserMagicLinkMutation(projectRef);

  if (mode === 'create') return <CreateUserDialog projectRef={projectRef} onClose={onClose} />;
  if (mode === 'invite') {
    return (
      <EmailActionDialog
        title="Invite a new user"
        description="The user receives an email with a link to accept the invitation and set up their account."
        submitLabel="Invite user"
        isPending={invite.isPending}
        onClose={onClose}
        testId="invite-user-dialog"
        onSubmit={(email) =>
          invite.mutate(
            { email },
            {
              onSuccess: () => {
                toast.success(`Sent invite email to ${email}`);
                onClose();
              },
              onError: (error) => toast.error(`Failed to invite user: ${errorMessage(error)}`),
            },
          )
        }
      />
    );
  }
  if (mode === 'magic-link') {
    return (
      <EmailActionDialog
        title="Send a magic link"
        description="The user receives an email with a link that signs them in; an address that has no user yet is signed up."
        submitLabel="Send magic link"
        isPending={magicLink.isPending}
        onClose={onClose}
        testId="magic-link-dialog"
        onSubmit={(email) =>
          magicLink.mutate(
            { email },
            {
              onSuccess: () => {
                toast.success(`Sent magic link to ${email}`);
                onClose();
              },
              onError: (error) => toast.error(`Failed to send magic link: ${errorMessage(error)}`),
            },
          )
        }
      />
    );
  }
  return null;
}
