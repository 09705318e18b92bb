import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { FileClock } from 'lucide-react';
import type { ResponseOf } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';

type AuditPage = ResponseOf<'profileAudit'>;

/** Audit entries (time, actor, action, target, project, IP) with "Load more" via `before`. */
export function AuditTable({ query }: { query: UseInfiniteQueryResult<InfiniteData<AuditPage>> }) {
  if (query.isPending) return <SkeletonRows rows={6} />;
  if (query.isError) return <ErrorState error={query.error} title="Failed to retrieve audit logs" onRetry={() => void query.refetch()} />;
  const entries = query.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return <EmptyState icon={<FileClock />} title="No audit logs yet" description="Actions such as creating projects, changing members or settings are recorded here." />;
  }
  return (
    <div className="space-y-4">
      <Table label="Audit logs">
        <thead>
          <tr>
            <Th>Time</Th>
            <Th>Actor</Th>
            <Th>Action</Th>
            <Th>Target</Th>
            <Th>Project</Th>
            <Th>IP address</Th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-entry">
              <Td className="whitespace-nowrap text-fg-muted">
                <Tooltip content={formatDateTime(entry.occurred_at)}>
                  <span>{formatRelative(entry.occurred_at)}</span>
                </Tooltip>
              </Td>
              <Td className="max-w-56 truncate">{entry.actor_email ?? <span className="text-fg-subtle">System</span>}</Td>
              <Td>
                <code className="rounded bg-surface-3 px-1.5 py-0.5 font-mono text-xs">{entry.action}</code>
              </Td>
              <Td className="max-w-56 truncate text-fg-muted">{entry.target ?? '—'}</Td>
              <Td className="font-mono text-xs text-fg-muted">{entry.project_ref ?? '—'}</Td>
              <Td className="font-mono text-xs text-fg-muted">{entry.ip ?? '—'}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" isLoading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
