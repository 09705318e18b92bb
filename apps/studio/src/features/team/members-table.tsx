import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LogOut, UserMinus } from 'lucide-react';
import { Action, Resource, can, type Role } from '@plinth/permissions';
import type { Member, Organization } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Select } from '../../components/ui/input.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useMemberRemoveMutation } from '../../data/members/member-remove-mutation.ts';
import { useMemberUpdateMutation } from '../../data/members/member-update-mutation.ts';
import { useRolesQuery } from '../../data/organizations/roles-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatDate, initials } from '../../lib/format.ts';

interface MembersTableProps {
  organization: Organization;
  members: Member[];
  /** Ids that identify the signed-in user (auth user id, profile id). */
  selfIds: string[];
}

export function MembersTable({ organization, members, selfIds }: MembersTableProps) {
  const navigate = useNavigate();
  const roles = useRolesQuery(organization.slug);
  const update = useMemberUpdateMutation(organization.slug);
  const remove = useMemberRemoveMutation(organization.slug);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const isSelf = (member: Member) => selfIds.includes(member.user_id);
  const removingSelf = toRemove ? isSelf(toRemove) : false;

  function changeRole(member: Member, role: Role) {
    update.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => toast.success(`Successfully updated role of ${member.primary_email} to ${role}`),
        onError: (error) => toast.error(`Failed to update role: ${errorMessage(error)}`),
      },
    );
  }

  function confirmRemove() {
    if (!toRemove) return;
    const member = toRemove;
    const self = isSelf(member);
    remove.mutate(
      { userId: member.user_id, isSelf: self },
      {
        onSuccess: () => {
          setToRemove(null);
          if (self) {
            toast.success(`You left ${organization.name}`);
            navigate('/projects', { replace: true });
          } else {
            toast.success(`Successfully removed ${member.primary_email}`);
          }
        },
        onError: (error) => toast.error(`${self ? 'Failed to leave organization' : 'Failed to remove member'}: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <>
      <Table label="Members">
        <thead>
          <tr>
            <Th>Member</Th>
            <Th>Role</Th>
            <Th>MFA</Th>
            <Th>Joined</Th>
            <Th className="w-px" />
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const self = isSelf(member);
            const options = (roles.data ?? []).filter(
              (role) => role === member.role || can(organization.role, Action.UPDATE, Resource.MEMBERS, { targetRole: member.role, newRole: role }),
            );
            const canChange = options.length > 1 && can(organization.role, Action.UPDATE, Resource.MEMBERS, { targetRole: member.role });
            const canRemove = self || can(organization.role, Action.DELETE, Resource.MEMBERS, { targetRole: member.role });
            const isUpdating = update.isPending && update.variables?.userId === member.user_id;
            return (
              <tr key={member.user_id} data-testid={`member-${member.primary_email}`}>
                <Td>
                  <div className="flex items-center gap-3">
                    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-3 text-xs font-semibold text-fg-muted">
                      {initials(member.username || member.primary_email)}
                    </span>
                    <div className="min-w-0">
                      <p className="flex items-center gap-2 truncate font-medium">
                        {member.username}
                        {self && <Badge tone="brand">You</Badge>}
                      </p>
                      <p className="truncate text-xs text-fg-muted">{member.primary_email}</p>
                    </div>
                  </div>
                </Td>
                <Td>
                  {canChange ? (
                    <Select
                      aria-label={`Role of ${member.primary_email}`}
                      className="h-8 w-40"
                      value={member.role}
                      disabled={isUpdating}
                      onChange={(e) => changeRole(member, e.target.value as Role)}
                    >
                      {options.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <span className="text-fg-muted">{member.role}</span>
                  )}
                </Td>
                <Td>{member.mfa_enabled ? <Badge tone="success">Enabled</Badge> : <span className="text-fg-subtle">—</span>}</Td>
                <Td className="whitespace-nowrap text-fg-muted">{formatDate(member.joined_at)}</Td>
                <Td className="text-right">
                  {canRemove && (
                    <Button
                      size="sm"
                      variant={self ? 'outline' : 'ghost'}
                      icon={self ? <LogOut className="size-3.5" /> : <UserMinus className="size-3.5" />}
                      onClick={() => setToRemove(member)}
                    >
                      {self ? 'Leave organization' : 'Remove'}
                    </Button>
                  )}
                </Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <ConfirmDialog
        open={!!toRemove}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={removingSelf ? `Leave ${organization.name}?` : 'Remove member'}
        description={
          removingSelf
            ? 'You will lose access to the organization and all of its projects. Someone with permission must invite you again to rejoin.'
            : `${toRemove?.primary_email ?? ''} will lose access to ${organization.name} and all of its projects.`
        }
        confirmLabel={removingSelf ? 'Leave organization' : 'Remove member'}
        variant="danger"
        isLoading={remove.isPending}
        onConfirm={confirmRemove}
        testId="remove-member-dialog"
      />
    </>
  );
}
