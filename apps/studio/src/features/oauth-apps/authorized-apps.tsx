import { useState } from 'react';
import { toast } from 'sonner';
import { ShieldCheck } from 'lucide-react';
import type { AuthorizedApp } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useAuthorizedAppRevokeMutation } from '../../data/oauth-apps/authorized-app-revoke-mutation.ts';
import { useAuthorizedAppsQuery } from '../../data/oauth-apps/authorized-apps-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';

/** Apps members approved to act on this organisation; revoking one refuses its tokens at once. */
export function AuthorizedApps({ slug, canManage }: { slug: string; canManage: boolean }) {
  const apps = useAuthorizedAppsQuery(slug);
  const revoke = useAuthorizedAppRevokeMutation();
  const [toRevoke, setToRevoke] = useState<AuthorizedApp | null>(null);

  function confirmRevoke() {
    if (!toRevoke) return;
    revoke.mutate({ slug, id: toRevoke.id }, {
      onSuccess: () => (toast.success(`Revoked "${toRevoke.name}"`), setToRevoke(null)),
      onError: (error) => toast.error(`Failed to revoke the app: ${errorMessage(error)}`),
    });
  }

  return (
    <section aria-labelledby="authorized-apps-heading" className="space-y-3">
      <h2 id="authorized-apps-heading" className="text-sm font-semibold text-fg">
        Authorized apps
      </h2>
      {apps.isPending ? (
        <SkeletonRows rows={2} />
      ) : apps.isError ? (
        <ErrorState error={apps.error} title="Failed to load authorized apps" onRetry={() => void apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <EmptyState icon={<ShieldCheck />} title="No authorized apps" description="Apps a member of this organization approves appear here." testId="authorized-apps-empty" />
      ) : (
        <Table label="Authorized apps">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Scopes</Th>
              <Th>Authorized by</Th>
              <Th>Authorized</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {apps.data.map((app) => (
              <tr key={app.id} data-testid="authorized-app-row">
                <Td className="font-medium">{app.name}</Td>
                <Td>
                  <div className="flex flex-wrap gap-1">
                    {app.scopes.map((scope) => (
                      <Badge key={scope}>{scope}</Badge>
                    ))}
                  </div>
                </Td>
                <Td className="text-xs text-fg-muted">{app.authorized_by}</Td>
                <Td className="text-xs text-fg-muted">{formatDate(app.authorized_at)}</Td>
                <Td className="text-right">
                  {canManage && (
                    <Button size="sm" variant="ghost" onClick={() => setToRevoke(app)} aria-label={`Revoke ${app.name}`}>
                      Revoke
                    </Button>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={!!toRevoke}
        onOpenChange={(open) => !open && setToRevoke(null)}
        title={`Revoke "${toRevoke?.name ?? ''}"?`}
        description="The app's tokens are refused from their next request. It can act on this organization again only if a member approves it again."
        confirmLabel="Revoke"
        variant="danger"
        isLoading={revoke.isPending}
        onConfirm={confirmRevoke}
        testId="authorized-app-revoke-confirm"
      />
    </section>
  );
}
