import { toast } from 'sonner';
import { Action, Resource, can } from '@plinth/permissions';
import type { Invitation, Organization } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useInvitationDeleteMutation } from '../../data/members/invitation-delete-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatRelative } from '../../lib/format.ts';

export function InvitationsTable({ organization, invitations }: { organization: Organization; invitations: Invitation[] }) {
  const cancel = useInvitationDeleteMutation();
  const canCancel = can(organization.role, Action.DELETE, Resource.INVITATIONS);
  if (invitations.length === 0) return <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-muted">No pending invitations</p>;
  return (
    <Table label="Pending invitations">
      <thead>
        <tr>
          <Th>Email</Th>
          <Th>Role</Th>
          <Th>Invited</Th>
          <Th className="w-px" />
        </tr>
      </thead>
      <tbody>
        {invitations.map((invitation) => (
          <tr key={invitation.id} data-testid={`invitation-${invitation.email}`}>
            <Td className="font-medium">{invitation.email}</Td>
            <Td className="text-fg-muted">{invitation.role}</Td>
            <Td className="whitespace-nowrap text-fg-muted">
              {formatRelative(invitation.invited_at)} by {invitation.invited_by}
            </Td>
            <Td className="text-right">
              {canCancel && (
                <Button
                  size="sm"
                  variant="ghost"
                  isLoading={cancel.isPending && cancel.variables?.id === invitation.id}
                  onClick={() =>
                    cancel.mutate(
                      { slug: organization.slug, id: invitation.id },
                      {
                        onSuccess: () => toast.success(`Cancelled the invitation to ${invitation.email}`),
                        onError: (error) => toast.error(`Failed to cancel invitation: ${errorMessage(error)}`),
                      },
                    )
                  }
                >
                  Cancel invitation
                </Button>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
