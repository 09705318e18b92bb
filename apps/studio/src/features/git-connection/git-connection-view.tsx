import { useState } from 'react';
import { Link } from 'react-router';
import { GitBranch } from 'lucide-react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { GitConnection } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useGitConnectionDeleteMutation } from '../../data/git/git-connection-mutations.ts';
import { useGitConnectionQuery } from '../../data/git/git-connection-query.ts';
import { useGitRepositoriesQuery } from '../../data/git/git-repositories-query.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { GIT_DENIED, GitConnectForm } from './git-connect-form.tsx';

/** Project Settings > Integrations: the project's Git connection (repository, production branch, supabase folder). */
export function GitConnectionView({ projectRef }: { projectRef: string }) {
  const project = useProjectQuery(projectRef);
  const slug = project.data?.organization_slug;
  const connection = useGitConnectionQuery(projectRef);
  const repositories = useGitRepositoriesQuery(slug);
  const canManage = useProjectCan(projectRef, Action.UPDATE, Resource.ORGANIZATION);

  if (connection.isPending || repositories.isPending) return <SkeletonRows rows={3} />;
  if (connection.isError || repositories.isError) {
    return <ErrorState error={connection.error ?? repositories.error} title="Failed to retrieve integrations" onRetry={() => void Promise.all([connection.refetch(), repositories.refetch()])} />;
  }
  if (connection.data) return <ConnectedPanel projectRef={projectRef} connection={connection.data} canManage={canManage} />;
  if (repositories.data.length === 0) {
    return (
      <EmptyState
        icon={<GitBranch />}
        title="No Git repositories in this organization"
        description="Add a repository in the organization's integrations first, then connect this project to it."
        actions={<Link className="text-sm text-brand underline" to={`/org/${slug}/integrations`}>Organization integrations</Link>}
        testId="git-connection-no-repositories"
      />
    );
  }
  return (
    <Panel title="Connect a Git repository" description="Database branches are built from the migrations in the repository's supabase/migrations folder and its seed.sql." testId="git-connection-form">
      <GitConnectForm projectRef={projectRef} repositories={repositories.data} canManage={canManage} />
    </Panel>
  );
}

function ConnectedPanel({ projectRef, connection, canManage }: { projectRef: string; connection: GitConnection; canManage: boolean }) {
  const remove = useGitConnectionDeleteMutation(projectRef);
  const [isRemoving, setIsRemoving] = useState(false);
  const folder = connection.supabase_directory ? `${connection.supabase_directory}/supabase` : 'supabase';
  return (
    <Panel
      testId="git-connection"
      title={<span className="inline-flex items-center gap-2"><GitBranch className="size-4" /> {connection.repository.name}</span>}
      description={<span className="break-all font-mono text-xs">{connection.repository.url}</span>}
      actions={
        <DisabledTooltip isDisabled={!canManage} content={GIT_DENIED}>
          <Button variant="danger" disabled={!canManage} onClick={() => setIsRemoving(true)} data-testid="git-connection-disconnect">
            Disconnect
          </Button>
        </DisabledTooltip>
      }
    >
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-fg-muted">Production branch</dt>
        <dd className="font-mono" data-testid="git-connection-branch">{connection.production_branch}</dd>
        <dt className="text-fg-muted">Supabase directory</dt>
        <dd className="font-mono">{folder}</dd>
        <dt className="text-fg-muted">Connected</dt>
        <dd>
          {new Date(connection.inserted_at).toLocaleString()}
          {connection.added_by?.primary_email ? ` by ${connection.added_by.primary_email}` : ''}
        </dd>
      </dl>
      <ConfirmDialog
        open={isRemoving}
        onOpenChange={setIsRemoving}
        title="Disconnect Git repository"
        description={`New branches can no longer be created from ${connection.repository.name}. Existing branches are kept.`}
        variant="danger"
        confirmLabel="Disconnect"
        isLoading={remove.isPending}
        testId="git-connection-disconnect-confirm"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setIsRemoving(false);
              toast.success(`Disconnected from ${connection.repository.name}`);
            },
            onError: (e) => toast.error(`Failed to delete Github connection: ${errorMessage(e)}`),
          })
        }
      />
    </Panel>
  );
}
