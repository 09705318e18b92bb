import { History, RefreshCw } from 'lucide-react';
import type { EdgeFunction } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { logEntriesOf, useFunctionLogsQuery } from '../../data/edge-functions/function-logs-query.ts';
import { formatDateTime } from '../../lib/format.ts';
import { invocationOf, statusTone } from './log-entry-fields.ts';
import { LogListFrame } from './log-list-frame.tsx';

/** The Invocations tab: one row per request the function answered (function_edge_logs), newest first. */
export function FunctionInvocations({ projectRef, fn }: { projectRef: string; fn: EdgeFunction }) {
  const logs = useFunctionLogsQuery(projectRef, fn.slug, 'function_edge_logs');
  const invocations = logEntriesOf(logs.data?.pages).map(invocationOf);

  return (
    <div className="space-y-3" data-testid="function-invocations">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold text-fg">Invocations</h2>
        <Button size="sm" variant="outline" icon={<RefreshCw className="size-3.5" />} isLoading={logs.isRefetching && !logs.isFetchingNextPage} onClick={() => void logs.refetch()}>
          Refresh
        </Button>
      </div>
      <LogListFrame
        query={logs}
        count={invocations.length}
        errorTitle="Failed to load invocations"
        empty={{ icon: <History />, title: 'No invocations yet', description: 'Each request to the function is listed here with its status and execution time.', testId: 'function-invocations-empty' }}
      >
        <Table label="Invocations">
          <thead>
            <tr>
              <Th>Time</Th>
              <Th>Status</Th>
              <Th>Method</Th>
              <Th>Path</Th>
              <Th className="text-right">Duration</Th>
            </tr>
          </thead>
          <tbody>
            {invocations.map((call) => (
              <tr key={call.id} data-testid="function-invocation-row">
                <Td className="whitespace-nowrap font-mono text-xs text-fg-muted">{formatDateTime(call.timestamp)}</Td>
                <Td>
                  <Badge tone={statusTone(call.status)}>{call.status ?? '—'}</Badge>
                </Td>
                <Td className="font-mono text-xs">{call.method ?? '—'}</Td>
                <Td className="max-w-[24rem] truncate font-mono text-xs text-fg-muted" title={call.path ?? undefined}>
                  {call.path ?? '—'}
                </Td>
                <Td className="text-right font-mono text-xs tabular-nums">{call.durationMs === null ? '—' : `${Math.round(call.durationMs)} ms`}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </LogListFrame>
    </div>
  );
}
