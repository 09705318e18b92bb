import { useParams } from 'react-router';
import { Action, Resource, can } from '@plinth/permissions';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useSessionQuery } from '../../data/auth/session-query.ts';
import { useInvitationsQuery } from '../../data/members/invitations-query.ts';
import { useMembersQuery } from '../../data/members/members-query.ts';
import { useOrganization } from '../../data/organizations/organizations-query.ts';
import { useProfileQuery } from '../../data/profile/profile-query.ts';
import { InvitationsTable } from '../../features/team/invitations-table.tsx';
import { InviteMemberForm } from '../../features/team/invite-member-form.tsx';
import { MembersTable } from '../../features/team/members-table.tsx';

export default function TeamPage() {
  const { slug = '' } = useParams();
  const { organization } = useOrganization(slug);
  const members = useMembersQuery(slug);
  const canInvite = can(organization?.role, Action.CREATE, Resource.INVITATIONS);
  const invitations = useInvitationsQuery(slug, { enabled: canInvite });
  const session = useSessionQuery();
  const profile = useProfileQuery();
  if (!organization) return null;
  const selfIds = [session.data?.user.id, profile.data?.id, profile.data?.gotrue_id].filter((id): id is string => !!id);

  return (
    <PageContainer>
      <PageHeader title="Team" description={`Members of ${organization.name} and what they may do.`} />
      <div className="space-y-8">
        {canInvite && <InviteMemberForm organization={organization} />}
        <section aria-labelledby="members-heading" className="space-y-3">
          <h2 id="members-heading" className="text-sm font-semibold text-fg">
            Members
          </h2>
          {members.isPending ? (
            <SkeletonRows rows={3} />
          ) : members.isError ? (
            <ErrorState error={members.error} title="Failed to load members" onRetry={() => void members.refetch()} />
          ) : (
            <MembersTable organization={organization} members={members.data} selfIds={selfIds} />
          )}
        </section>
        {canInvite && (
          <section aria-labelledby="invitations-heading" className="space-y-3">
            <h2 id="invitations-heading" className="text-sm font-semibold text-fg">
              Pending invitations
            </h2>
            {invitations.isPending ? (
              <SkeletonRows rows={1} />
            ) : invitations.isError ? (
              <ErrorState error={invitations.error} title="Failed to load invitations" onRetry={() => void invitations.refetch()} />
            ) : (
              <InvitationsTable organization={organization} invitations={invitations.data} />
            )}
          </section>
        )}
      </div>
    </PageContainer>
  );
}
