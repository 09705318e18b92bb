import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { UserPlus } from 'lucide-react';
import { Action, Resource, can, type Role } from '@plinth/permissions';
import type { Organization } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { useRolesQuery } from '../../data/organizations/roles-query.ts';
import { useInvitationCreateMutation } from '../../data/members/invitation-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { isEmail } from '../../lib/validation.ts';

export function InviteMemberForm({ organization }: { organization: Organization }) {
  const roles = useRolesQuery(organization.slug);
  const invite = useInvitationCreateMutation(organization.slug);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('Developer');
  const [isTouched, setIsTouched] = useState(false);
  const assignable = (roles.data ?? []).filter((r) => can(organization.role, Action.UPDATE, Resource.MEMBERS, { newRole: r }));
  const error = !email.trim() ? 'Please enter an email address' : !isEmail(email) ? 'Please enter a valid email address' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (error) return;
    invite.mutate(
      { email: email.trim().toLowerCase(), role },
      {
        onSuccess: (invitation) => {
          toast.success(`Successfully sent invitation to ${invitation.email}`);
          setEmail('');
          setIsTouched(false);
        },
        onError: (e) => toast.error(`Failed to invite member: ${errorMessage(e)}`),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a member">
      <Panel title="Invite a member" description="Invitees sign up or sign in with this email address, then accept the invitation from their projects page.">
        <div className="flex flex-wrap items-start gap-3">
          <Field label="Email address" error={isTouched ? error : null} className="min-w-64 flex-1">
            {(props) => (
              <Input
                {...props}
                type="email"
                name="invite-email"
                placeholder="teammate@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                onBlur={() => email && setIsTouched(true)}
              />
            )}
          </Field>
          <Field label="Role" className="w-44">
            {(props) => (
              <Select {...props} name="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)} disabled={roles.isPending}>
                {(assignable.length ? assignable : [role]).map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="pt-[28px]">
            <Button type="submit" variant="primary" isLoading={invite.isPending} icon={<UserPlus className="size-4" />} data-testid="invite-member">
              Send invitation
            </Button>
          </div>
        </div>
      </Panel>
    </form>
  );
}
