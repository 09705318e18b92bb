import type { OrgWebhookDelivery } from '@plinth/api-contract';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useOrgWebhookDeliveriesQuery } from '../../data/org-integrations/org-webhook-deliveries-query.ts';
import { formatDateTime } from '../../lib/format.ts';

const STATUS: Record<OrgWebhookDelivery['status'], { tone: BadgeTone; text: string }> = {
  pending: { tone: 'neutral', text: 'Pending' },
  retrying: { tone: 'warning', text: 'Retrying' },
  succeeded: { tone: 'success', text: 'Delivered' },
  failed: { tone: 'danger', text: 'Failed' },
};

/** One endpoint's latest deliveries, newest first; re-read while any is still in flight. */
export function OrgWebhookDeliveries({ slug, webhookId }: { slug: string; webhookId: number }) {
  const deliveries = useOrgWebhookDeliveriesQuery(slug, webhookId);
  if (deliveries.isPending) return <SkeletonRows rows={2} />;
  if (deliveries.isError) return <ErrorState error={deliveries.error} title="Failed to retrieve webhook deliveries" onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0) return <p className="text-sm text-fg-subtle">No deliveries yet. Send a test to check the endpoint.</p>;
  return (
    <Table label="Deliveries">
      <thead>
        <tr>
          <Th>Status</Th>
          <Th>Event</Th>
          <Th>Response</Th>
          <Th>Attempts</Th>
          <Th>Time</Th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((delivery) => (
          <tr key={delivery.id} data-testid="org-webhook-delivery" data-status={delivery.status}>
            <Td>
              <Badge tone={STATUS[delivery.status].tone} dot>
                {STATUS[delivery.status].text}
              </Badge>
            </Td>
            <Td className="font-mono text-xs">{delivery.event}</Td>
            <Td className="max-w-72 truncate text-xs text-fg-muted" title={delivery.error ?? ''}>
              {delivery.response_code ?? '—'}
              {delivery.error && delivery.response_code === null ? ` ${delivery.error}` : ''}
            </Td>
            <Td className="text-xs text-fg-muted">{delivery.attempts}</Td>
            <Td className="whitespace-nowrap text-xs text-fg-muted">{formatDateTime(delivery.last_attempt_at ?? delivery.created_at)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
