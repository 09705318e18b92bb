import { Badge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useDeliveriesQuery, type Delivery } from '../../data/webhooks/webhooks-queries.ts';
import { DELIVERIES_SHOWN } from '../../data/webhooks/webhooks-sql.ts';
import { formatDateTime } from '../../lib/format.ts';

function outcome(delivery: Delivery): { tone: 'success' | 'danger' | 'warning'; text: string } {
  if (delivery.timed_out) return { tone: 'warning', text: 'Timed out' };
  if (delivery.status_code === null) return { tone: 'danger', text: 'Failed' };
  return { tone: delivery.status_code < 400 ? 'success' : 'danger', text: String(delivery.status_code) };
}

/** The latest responses in net._http_response (kept 6 hours), newest first, with the hook that sent each. */
export function HookDeliveries({ projectRef }: { projectRef: string }) {
  const deliveries = useDeliveriesQuery(projectRef, true);
  return (
    <section className="space-y-2">
      <h2 className="text-sm font-medium text-fg">Recent deliveries</h2>
      {deliveries.isLoading ? (
        <SkeletonRows rows={2} />
      ) : deliveries.isError || !deliveries.data ? (
        <ErrorState error={deliveries.error} title="Failed to retrieve webhook deliveries" onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.length === 0 ? (
        <EmptyState title="No deliveries yet" description="Requests sent by webhooks and net.http_* calls appear here for 6 hours." testId="hook-deliveries-empty" />
      ) : (
        <Table label={`Last ${DELIVERIES_SHOWN} deliveries`}>
          <thead>
            <tr>
              <Th>Status</Th>
              <Th>Webhook</Th>
              <Th>Error</Th>
              <Th>Time</Th>
            </tr>
          </thead>
          <tbody data-testid="hook-deliveries">
            {deliveries.data.map((delivery) => {
              const { tone, text } = outcome(delivery);
              return (
                <tr key={`${delivery.id}-${delivery.created}`} data-testid="hook-delivery">
                  <Td><Badge tone={tone} dot>{text}</Badge></Td>
                  <Td className="font-mono text-xs">{delivery.hook_name ?? `request #${delivery.id}`}</Td>
                  <Td className="max-w-96 truncate text-xs text-fg-muted" title={delivery.error_msg ?? ''}>{delivery.error_msg ?? ''}</Td>
                  <Td className="text-xs text-fg-muted">{formatDateTime(delivery.created)}</Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </section>
  );
}
