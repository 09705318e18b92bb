import { MailOpen } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { useProfileInvitationsQuery } from '../../data/profile/profile-invitations-query.ts';
import { useInvitationAcceptMutation } from '../../data/members/invitation-accept-mutation.ts';
import { useInvitationDeleteMutation } from '../../data/members/invitation-delete-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatRelative } from '../../lib/format.ts';

/** Invitations addressed to the signed-in user, with Accept and Decline. */
export function PendingInvitations() {
  const invitations = useProfileInvitationsQuery();
  const accept = useInvitationAcceptMutation();
  const decline = useInvitationDeleteMutation();
  const pending = invitations.data ?? [];
  if (pending.length === 0) return null;

  return (
    <section aria-label="Pending invitations" className="mb-8 space-y-2" data-testid="pending-invitations">
      {pending.map((invitation) => {
        const key = { slug: invitation.organization_slug, id: invitation.id };
        const isAccepting = accept.isPending && accept.variables?.id === invitation.id;
        const isDeclining = decline.isPending && decline.variables?.id === invitation.id;
        return (
          <div key={invitation.id} className="flex flex-wrap items-center gap-4 rounded-lg border border-brand/30 bg-brand/5 px-4 py-3">
            <MailOpen className="size-5 shrink-0 text-brand" aria-hidden />
            <div className="min-w-0 flex-1 text-sm">
              <p className="text-fg">
                You have been invited to join <strong className="font-semibold">{invitation.organization_name}</strong> as{' '}
                {invitation.role === 'Administrator' || invitation.role === 'Owner' ? 'an' : 'a'} {invitation.role}.
              </p>
              <p className="text-xs text-fg-muted">
                Invited by {invitation.invited_by} {formatRelative(invitation.invited_at)}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                isLoading={isDeclining}
                disabled={isAccepting}
                onClick={() =>
                  decline.mutate(key, {
                    onSuccess: () => toast.success(`Declined the invitation to ${invitation.organization_name}`),
                    onError: (error) => toast.error(`Failed to decline invitation: ${errorMessage(error)}`),
                  })
                }
              >
                Decline
              </Button>
              <Button
                size="sm"
                variant="primary"
                isLoading={isAccepting}
                disabled={isDeclining}
                onClick={() =>
                  accept.mutate(key, {
                    onSuccess: () => toast.success(`You joined ${invitation.organization_name}`),
                    onError: (error) => toast.error(`Failed to accept invitation: ${errorMessage(error)}`),
                  })
                }
              >
                Accept
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
