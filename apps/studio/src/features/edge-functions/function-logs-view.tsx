import { RefreshCw, ScrollText } from 'lucide-react';
import type { EdgeFunction } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { logEntriesOf, useFunctionLogsQuery } from '../../data/edge-functions/function-logs-query.ts';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { logLevelOf, type LogLevel } from './log-entry-fields.ts';
import { LogListFrame } from './log-list-frame.tsx';

const LEVEL_CLASSES: Record<LogLevel, string> = {
  error: 'text-danger',
  warning: 'text-warning',
  info: 'text-info',
  debug: 'text-fg-subtle',
  log: 'text-fg-muted',
};

/** The Logs tab: what the function wrote with console.* (function_logs), newest first. */
export function FunctionLogsView({ projectRef, fn }: { projectRef: string; fn: EdgeFunction }) {
  const logs = useFunctionLogsQuery(projectRef, fn.slug, 'function_logs');
  const entries = logEntriesOf(logs.data?.pages);

  return (
    <div className="space-y-3" data-testid="function-logs">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold text-fg">Console output</h2>
        <Button size="sm" variant="outline" icon={<RefreshCw className="size-3.5" />} isLoading={logs.isRefetching && !logs.isFetchingNextPage} onClick={() => void logs.refetch()}>
          Refresh
        </Button>
      </div>
      <LogListFrame
        query={logs}
        count={entries.length}
        errorTitle="Failed to load logs"
        empty={{ icon: <ScrollText />, title: 'No logs yet', description: "Lines the function writes with console.log, console.warn or console.error show here, as do its boot errors.", testId: 'function-logs-empty' }}
      >
        <ol className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-surface font-mono text-xs">
          {entries.map((entry) => {
            const level = logLevelOf(entry);
            return (
              <li key={entry.id} className="grid grid-cols-[11rem_4.5rem_1fr] gap-3 px-4 py-2" data-testid="function-log-row" data-level={level}>
                <time dateTime={entry.timestamp} className="text-fg-subtle">
                  {formatDateTime(entry.timestamp)}
                </time>
                <span className={cn('uppercase', LEVEL_CLASSES[level])}>{level}</span>
                <span className="whitespace-pre-wrap break-words text-fg">{entry.event_message}</span>
              </li>
            );
          })}
        </ol>
      </LogListFrame>
    </div>
  );
}
