import { useState } from 'react';
import { toast } from 'sonner';
import { AppWindow, Plus, RefreshCw, Trash2 } from 'lucide-react';
import type { OAuthApp, OAuthAppWithSecret } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useOAuthAppDeleteMutation } from '../../data/oauth-apps/oauth-app-delete-mutation.ts';
import { useOAuthAppSecretResetMutation } from '../../data/oauth-apps/oauth-app-secret-reset-mutation.ts';
import { useOAuthAppsQuery } from '../../data/oauth-apps/oauth-apps-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { AppCredentialsDialog } from './app-credentials.tsx';
import { CreateAppDialog } from './create-app-dialog.tsx';

/** The apps this organisation publishes; Owners and Administrators manage them. */
export function PublishedApps({ slug, canManage }: { slug: string; canManage: boolean }) {
  const apps = useOAuthAppsQuery(slug);
  const reset = useOAuthAppSecretResetMutation();
  const remove = useOAuthAppDeleteMutation();
  const [isCreating, setIsCreating] = useState(false);
  const [shown, setShown] = useState<OAuthAppWithSecret | null>(null);
  const [toReset, setToReset] = useState<OAuthApp | null>(null);
  const [toDelete, setToDelete] = useState<OAuthApp | null>(null);

  function confirmReset() {
    if (!toReset) return;
    reset.mutate({ slug, id: toReset.id }, {
      onSuccess: (app) => (setToReset(null), setShown(app)),
      onError: (error) => toast.error(`Failed to regenerate the secret: ${errorMessage(error)}`),
    });
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate({ slug, id: toDelete.id }, {
      onSuccess: () => (toast.success(`Deleted the app "${toDelete.name}"`), setToDelete(null)),
      onError: (error) => toast.error(`Failed to delete the app: ${errorMessage(error)}`),
    });
  }

  return (
    <section aria-labelledby="published-apps-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id="published-apps-heading" className="text-sm font-semibold text-fg">
          Published apps
        </h2>
        {canManage && (
          <Button variant="primary" size="sm" icon={<Plus className="size-3.5" />} onClick={() => setIsCreating(true)} data-testid="oauth-app-new">
            Add application
          </Button>
        )}
      </div>
      {apps.isPending ? (
        <SkeletonRows rows={2} />
      ) : apps.isError ? (
        <ErrorState error={apps.error} title="Failed to load OAuth apps" onRetry={() => void apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <EmptyState icon={<AppWindow />} title="No OAuth apps" description="Publish an app to let your tool act on other organizations once their members approve it." testId="oauth-apps-empty" />
      ) : (
        <Table label="Published apps">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Client ID</Th>
              <Th>Secret</Th>
              <Th>Scopes</Th>
              <Th>Created</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {apps.data.map((app) => (
              <tr key={app.id} data-testid="oauth-app-row">
                <Td className="font-medium">
                  <a href={app.website} target="_blank" rel="noreferrer" className="hover:underline">
                    {app.name}
                  </a>
                </Td>
                <Td className="font-mono text-xs text-fg-muted">{app.client_id}</Td>
                <Td className="font-mono text-xs text-fg-muted">{app.client_secret_alias}</Td>
                <Td>
                  <div className="flex flex-wrap gap-1">
                    {app.scopes.map((scope) => (
                      <Badge key={scope}>{scope}</Badge>
                    ))}
                  </div>
                </Td>
                <Td className="text-xs text-fg-muted">{formatDate(app.created_at)}</Td>
                <Td className="whitespace-nowrap text-right">
                  {canManage && (
                    <>
                      <Button size="sm" variant="ghost" icon={<RefreshCw className="size-3.5" />} onClick={() => setToReset(app)} aria-label={`Regenerate the secret of ${app.name}`}>
                        Regenerate secret
                      </Button>
                      <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} onClick={() => setToDelete(app)} aria-label={`Delete ${app.name}`}>
                        Delete
                      </Button>
                    </>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <CreateAppDialog slug={slug} open={isCreating} onOpenChange={setIsCreating} onCreated={setShown} />
      <AppCredentialsDialog app={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={!!toReset}
        onOpenChange={(open) => !open && setToReset(null)}
        title={`Regenerate the secret of "${toReset?.name ?? ''}"?`}
        description="The current secret stops working at once: the app must be given the new one."
        confirmLabel="Regenerate"
        variant="warning"
        isLoading={reset.isPending}
        onConfirm={confirmReset}
        testId="oauth-app-reset-confirm"
      />
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete the app "${toDelete?.name ?? ''}"?`}
        description="Every organization that authorized it loses it, and its tokens are refused from their next request. This cannot be undone."
        confirmLabel="Delete"
        variant="danger"
        isLoading={remove.isPending}
        onConfirm={confirmDelete}
        testId="oauth-app-delete-confirm"
      />
    </section>
  );
}
