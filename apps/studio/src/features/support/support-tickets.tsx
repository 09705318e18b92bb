import { Inbox } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useSupportTicketsQuery } from '../../data/support/support-tickets-query.ts';
import { SUPPORT_CATEGORIES } from '../../lib/constants.ts';
import { formatDateTime } from '../../lib/format.ts';

export function SupportTickets() {
  const tickets = useSupportTicketsQuery();
  if (tickets.isPending) return <SkeletonRows rows={2} />;
  if (tickets.isError) return <ErrorState error={tickets.error} title="Failed to load your support tickets" onRetry={() => void tickets.refetch()} />;
  if (tickets.data.length === 0) return <EmptyState icon={<Inbox />} title="No support tickets yet" description="Requests you send appear here." />;
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-surface" aria-label="Your support tickets">
      {tickets.data.map((ticket) => (
        <li key={ticket.id} data-testid="support-ticket">
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 hover:bg-surface-2">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-fg">{ticket.subject}</span>
                <span className="block text-xs text-fg-muted">
                  #{ticket.id} · {formatDateTime(ticket.created_at)}
                  {ticket.project_ref && <> · <span className="font-mono">{ticket.project_ref}</span></>}
                </span>
              </span>
              <Badge>{SUPPORT_CATEGORIES.find((c) => c.value === ticket.category)?.label ?? ticket.category}</Badge>
            </summary>
            <p className="whitespace-pre-wrap border-t border-line bg-surface-2/50 px-4 py-3 text-sm text-fg-muted">{ticket.message}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
