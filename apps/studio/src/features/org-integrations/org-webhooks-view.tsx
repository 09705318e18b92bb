import { useState } from 'react';
import { Webhook } from 'lucide-react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { OrgWebhook } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useCan } from '../../data/permissions/can.ts';
import { useOrgWebhookDeleteMutation } from '../../data/org-integrations/org-webhook-delete-mutation.ts';
import { useOrgWebhookTestMutation } from '../../data/org-integrations/org-webhook-test-mutation.ts';
import { useOrgWebhooksQuery } from '../../data/org-integrations/org-webhooks-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { EVENT_LABELS, OrgWebhookCreateDialog } from './org-webhook-create-dialog.tsx';
import { OrgWebhookDeliveries } from './org-webhook-deliveries.tsx';

const DENIED = 'You need additional permissions to manage webhooks';

/** The organisation's webhook endpoints, each with its events, a test button and its delivery log. */
export function OrgWebhooksView({ slug }: { slug: string }) {
  const webhooks = useOrgWebhooksQuery(slug);
  const canManage = useCan(slug, Action.UPDATE, Resource.ORGANIZATION);
  const [isAdding, setIsAdding] = useState(false);
  const add = (
    <DisabledTooltip isDisabled={!canManage} content={DENIED}>
      <Button variant="primary" disabled={!canManage} onClick={() => setIsAdding(true)} data-testid="org-webhook-add">
        Add webhook
      </Button>
    </DisabledTooltip>
  );
  return (
    <section className="space-y-4" aria-labelledby="org-webhooks-title">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id="org-webhooks-title" className="text-base font-semibold text-fg">Webhooks</h2>
          <p className="text-sm text-fg-muted">Signed HTTP requests for organization events: projects, members and plan changes.</p>
        </div>
        {webhooks.data && webhooks.data.length > 0 && add}
      </div>
      {webhooks.isPending ? (
        <SkeletonRows rows={3} />
      ) : webhooks.isError ? (
        <ErrorState error={webhooks.error} title="Failed to retrieve integrations" onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.length === 0 ? (
        <EmptyState icon={<Webhook />} title="No webhooks yet" description="Add an endpoint to be told when projects are created, paused or deleted, members change, or the plan changes." actions={add} testId="org-webhooks-empty" />
      ) : (
        webhooks.data.map((webhook) => <OrgWebhookPanel key={webhook.id} slug={slug} webhook={webhook} canManage={canManage} />)
      )}
      <OrgWebhookCreateDialog slug={slug} open={isAdding} onOpenChange={setIsAdding} />
    </section>
  );
}

function OrgWebhookPanel({ slug, webhook, canManage }: { slug: string; webhook: OrgWebhook; canManage: boolean }) {
  const test = useOrgWebhookTestMutation(slug);
  const remove = useOrgWebhookDeleteMutation(slug);
  const [isRemoving, setIsRemoving] = useState(false);
  return (
    <Panel
      testId="org-webhook"
      title={<span className="break-all font-mono text-sm">{webhook.url}</span>}
      description={
        <span className="flex flex-wrap gap-1.5 pt-1">
          {webhook.events.map((event) => (
            <Badge key={event}>{EVENT_LABELS[event]}</Badge>
          ))}
        </span>
      }
      actions={
        <DisabledTooltip isDisabled={!canManage} content={DENIED}>
          <div className="flex gap-2">
            <Button
              variant="outline"
              disabled={!canManage}
              isLoading={test.isPending}
              onClick={() => test.mutate(webhook.id, { onSuccess: () => toast.success('Test event sent'), onError: (e) => toast.error(`Failed to send test event: ${errorMessage(e)}`) })}
              data-testid="org-webhook-test"
            >
              Send test
            </Button>
            <Button variant="danger" disabled={!canManage} onClick={() => setIsRemoving(true)}>
              Remove
            </Button>
          </div>
        </DisabledTooltip>
      }
    >
      <OrgWebhookDeliveries slug={slug} webhookId={webhook.id} />
      <ConfirmDialog
        open={isRemoving}
        onOpenChange={setIsRemoving}
        title="Remove webhook"
        description={`Plinth stops sending events to ${webhook.url}, and its delivery log is deleted.`}
        variant="danger"
        confirmLabel="Remove"
        isLoading={remove.isPending}
        onConfirm={() =>
          remove.mutate(webhook.id, {
            onSuccess: () => {
              setIsRemoving(false);
              toast.success('Webhook removed');
            },
            onError: (e) => toast.error(`Failed to remove webhook: ${errorMessage(e)}`),
          })
        }
      />
    </Panel>
  );
}
