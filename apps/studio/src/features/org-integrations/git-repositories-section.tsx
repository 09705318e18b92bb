import { useState } from 'react';
import { GitBranch } from 'lucide-react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { GitRepository, IntegrationConnection } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useOrganizationIntegrationsQuery } from '../../data/git/git-integrations-query.ts';
import { useGitRepositoriesQuery } from '../../data/git/git-repositories-query.ts';
import { useGitRepositoryDeleteMutation } from '../../data/git/git-repository-delete-mutation.ts';
import { useIntegrationConnectionDeleteMutation } from '../../data/git/integration-connection-delete-mutation.ts';
import { useCan } from '../../data/permissions/can.ts';
import { errorMessage } from '../../lib/api.ts';
import { GitRepositoryAddDialog } from './git-repository-add-dialog.tsx';
import { GitRepositoryWebhookDialog } from './git-repository-webhook-dialog.tsx';

const DENIED = 'You need additional permissions to manage Git repositories';

/**
 * The organisation's Git repositories: projects connect to one to build database branches from its
 * migrations. Each row lists the projects connected to it (the integration's connections), which
 * owners and administrators can disconnect here too.
 */
export function GitRepositoriesSection({ slug }: { slug: string }) {
  const repositories = useGitRepositoriesQuery(slug);
  const integrations = useOrganizationIntegrationsQuery(slug);
  const canManage = useCan(slug, Action.UPDATE, Resource.ORGANIZATION);
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<GitRepository | null>(null);
  const [disconnecting, setDisconnecting] = useState<IntegrationConnection | null>(null);
  const [webhookOf, setWebhookOf] = useState<GitRepository | null>(null);
  const remove = useGitRepositoryDeleteMutation(slug);
  const disconnect = useIntegrationConnectionDeleteMutation(slug);
  const connections = integrations.data?.flatMap((integration) => integration.connections) ?? [];
  const add = (
    <DisabledTooltip isDisabled={!canManage} content={DENIED}>
      <Button variant="primary" disabled={!canManage} onClick={() => setIsAdding(true)} data-testid="git-repository-add">
        Add repository
      </Button>
    </DisabledTooltip>
  );
  return (
    <section className="space-y-4" aria-labelledby="git-repositories-title" data-testid="git-repositories">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id="git-repositories-title" className="text-base font-semibold text-fg">Git repositories</h2>
          <p className="text-sm text-fg-muted">Connect a repository to create a branch database for each Git branch.</p>
        </div>
        {repositories.data && repositories.data.length > 0 && add}
      </div>
      {repositories.isPending ? (
        <SkeletonRows rows={2} />
      ) : repositories.isError ? (
        <ErrorState error={repositories.error} title="Failed to retrieve integrations" onRetry={() => void repositories.refetch()} />
      ) : repositories.data.length === 0 ? (
        <EmptyState icon={<GitBranch />} title="No Git repositories yet" description="Add a repository on any Git host (or a local path), then connect a project to it in its Integrations settings." actions={add} testId="git-repositories-empty" />
      ) : (
        <Table label="Git repositories">
          <thead>
            <tr>
              <Th>Repository</Th>
              <Th>URL</Th>
              <Th>Connected projects</Th>
              <Th>Added</Th>
              <Th className="w-0" />
            </tr>
          </thead>
          <tbody>
            {repositories.data.map((repository) => (
              <tr key={repository.id} data-testid="git-repository-row">
                <Td className="font-medium">
                  {repository.name} {repository.has_token && <Badge>Token</Badge>}
                </Td>
                <Td className="break-all font-mono text-xs text-fg-muted">
                  {repository.url}
                  {canManage && (
                    <div className="mt-1 text-fg-subtle" data-testid="git-repository-webhook-url">
                      <span className="font-sans">Push webhook: </span>
                      {repository.webhook_url}
                    </div>
                  )}
                </Td>
                <Td>
                  <ul className="space-y-1">
                    {connections
                      .filter((connection) => connection.foreign_project_id === repository.id)
                      .map((connection) => (
                        <li key={connection.id} className="flex items-center gap-2 text-xs" data-testid="git-repository-connection">
                          <span className="font-mono">{connection.supabase_project_ref}</span>
                          <span className="text-fg-muted">@ {connection.metadata.production_branch}</span>
                          {canManage && (
                            <Button variant="ghost" size="sm" onClick={() => setDisconnecting(connection)} data-testid="git-repository-connection-remove">
                              Disconnect
                            </Button>
                          )}
                        </li>
                      ))}
                  </ul>
                </Td>
                <Td className="text-fg-muted">
                  {new Date(repository.inserted_at).toLocaleDateString()}
                  {repository.added_by?.primary_email ? ` by ${repository.added_by.primary_email}` : ''}
                </Td>
                <Td>
                  <div className="flex justify-end gap-2">
                    {canManage && (
                      <Button variant="outline" size="sm" onClick={() => setWebhookOf(repository)} data-testid="git-repository-webhook">
                        Webhook
                      </Button>
                    )}
                    <DisabledTooltip isDisabled={!canManage} content={DENIED}>
                      <Button variant="danger" size="sm" disabled={!canManage} onClick={() => setRemoving(repository)} data-testid="git-repository-remove">
                        Remove
                      </Button>
                    </DisabledTooltip>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <GitRepositoryAddDialog slug={slug} open={isAdding} onOpenChange={setIsAdding} />
      <GitRepositoryWebhookDialog slug={slug} repository={webhookOf} onClose={() => setWebhookOf(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove Git repository"
        description={`Projects connected to ${removing?.name ?? 'this repository'} are disconnected from it. Existing branch databases are kept.`}
        variant="danger"
        confirmLabel="Remove"
        isLoading={remove.isPending}
        testId="git-repository-remove-confirm"
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(`Removed ${removing.name}`);
              setRemoving(null);
            },
            onError: (e) => toast.error(`Failed to remove repository: ${errorMessage(e)}`),
          })
        }
      />
      <ConfirmDialog
        open={disconnecting !== null}
        onOpenChange={(open) => !open && setDisconnecting(null)}
        title="Disconnect project"
        description={`Project ${disconnecting?.supabase_project_ref ?? ''} is disconnected from ${disconnecting?.metadata.name ?? 'the repository'}: no new branches until it connects again. Existing branch databases are kept.`}
        variant="danger"
        confirmLabel="Disconnect"
        isLoading={disconnect.isPending}
        testId="git-connection-remove-confirm"
        onConfirm={() =>
          disconnecting &&
          disconnect.mutate(disconnecting.id, {
            onSuccess: () => {
              toast.success(`Disconnected ${disconnecting.supabase_project_ref} from ${disconnecting.metadata.name}`);
              setDisconnecting(null);
            },
            onError: (e) => toast.error(`Failed to delete Github connection: ${errorMessage(e)}`),
          })
        }
      />
    </section>
  );
}
