import { useState } from 'react';
import { Pencil, Plus, Trash2, Webhook } from 'lucide-react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { RowActionsMenu } from '../../components/ui/row-actions-menu.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useDeleteHookMutation, useEnableWebhooksMutation } from '../../data/webhooks/webhooks-mutations.ts';
import { useHooksQuery, useWebhooksStatusQuery, type Hook } from '../../data/webhooks/webhooks-queries.ts';
import { errorMessage } from '../../lib/api.ts';
import { HookDeliveries } from './hook-deliveries.tsx';
import { HookPanel } from './hook-panel.tsx';

/**
 * Database > Webhooks: triggers that send an HTTP request when rows change
 * (supabase_functions.http_request), sent by the platform after the change commits, and the latest
 * responses. Hooks are read and changed as triggers through the SQL endpoint; enabling installs
 * pg_net's SQL surface and supabase_functions first.
 */
export function WebhooksView({ projectRef }: { projectRef: string }) {
  const status = useWebhooksStatusQuery(projectRef);
  const canWrite = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.SQL);
  const enable = useEnableWebhooksMutation(projectRef);

  if (status.isLoading) return <SkeletonRows rows={3} />;
  if (status.isError || !status.data) return <ErrorState error={status.error} title="Failed to retrieve webhooks status" onRetry={() => void status.refetch()} />;
  if (!status.data.enabled) {
    return (
      <EmptyState
        icon={<Webhook />}
        title="Database Webhooks are not enabled"
        description="Enable webhooks to send HTTP requests when rows change, and to call net.http_get and net.http_post from SQL, as with the pg_net extension."
        testId="hooks-disabled"
        actions={
          canWrite ? (
            <Button
              variant="primary"
              isLoading={enable.isPending}
              data-testid="hooks-enable"
              onClick={() => enable.mutate(undefined, { onError: (error) => toast.error(`Failed to enable webhooks: ${errorMessage(error)}`) })}
            >
              Enable webhooks
            </Button>
          ) : (
            <NoPermission action="enable webhooks" />
          )
        }
      />
    );
  }
  return <Hooks projectRef={projectRef} canWrite={canWrite} />;
}

function Hooks({ projectRef, canWrite }: { projectRef: string; canWrite: boolean }) {
  const hooks = useHooksQuery(projectRef, true);
  const remove = useDeleteHookMutation(projectRef);
  const [editing, setEditing] = useState<Hook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Hook | null>(null);

  return (
    <div className="space-y-6" data-testid="hooks">
      <div className="space-y-4">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-fg-muted">Requests are sent after the change commits; a failed webhook request is retried 3 times.</p>
          {canWrite && (
            <Button variant="primary" icon={<Plus className="size-3.5" aria-hidden />} onClick={() => setEditing('new')} data-testid="hooks-create">
              Create a new hook
            </Button>
          )}
        </div>
        {!canWrite && <NoPermission action="create, edit or delete webhooks" />}
        {hooks.isLoading ? (
          <SkeletonRows rows={3} />
        ) : hooks.isError || !hooks.data ? (
          <ErrorState error={hooks.error} title="Failed to retrieve database webhooks" onRetry={() => void hooks.refetch()} />
        ) : hooks.data.length === 0 ? (
          <EmptyState icon={<Webhook />} title="No database webhooks yet" description="Create a webhook to send a request to a URL or an Edge Function when a table's rows are inserted, updated or deleted." testId="hooks-empty" />
        ) : (
          <Table label="Database webhooks">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Table</Th>
                <Th>Events</Th>
                <Th>Request</Th>
                {canWrite && <Th className="w-12"><span className="sr-only">Actions</span></Th>}
              </tr>
            </thead>
            <tbody data-testid="hooks-list">
              {hooks.data.map((hook) => (
                <tr key={hook.id} data-testid={`hook-row-${hook.name}`}>
                  <Td className="font-mono text-xs">{hook.name}</Td>
                  <Td className="font-mono text-xs">{hook.schema}.{hook.table}</Td>
                  <Td><div className="flex gap-1">{hook.events.map((event) => <Badge key={event}>{event}</Badge>)}</div></Td>
                  <Td className="max-w-96 truncate font-mono text-xs" title={hook.url}>{hook.method} {hook.url}</Td>
                  {canWrite && (
                    <Td className="text-right">
                      <RowActionsMenu label={`Actions for ${hook.name}`}>
                        <DropdownMenuItem icon={<Pencil />} onSelect={() => setEditing(hook)}>Edit hook</DropdownMenuItem>
                        <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDeleting(hook)}>Delete hook</DropdownMenuItem>
                      </RowActionsMenu>
                    </Td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
      <HookDeliveries projectRef={projectRef} />
      <HookPanel projectRef={projectRef} hook={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={`Delete webhook ${deleting?.name ?? ''}`}
        description={`The trigger on ${deleting ? `${deleting.schema}.${deleting.table}` : 'the table'} is dropped and sends no more requests. This action cannot be undone.`}
        confirmLabel="Delete webhook"
        variant="danger"
        isLoading={remove.isPending}
        testId="hook-delete-dialog"
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => {
              toast.success(`Successfully deleted webhook ${deleting.name}`);
              setDeleting(null);
            },
            onError: (error) => toast.error(`Failed to delete webhook: ${errorMessage(error)}`),
          });
        }}
      />
    </div>
  );
}
