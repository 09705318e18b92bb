import { X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { CodeBlock } from '../../components/ui/code-block.tsx';
import { rowTimestampMs, type LogRow } from '../../data/logs/log-rows.ts';
import { formatLogTime } from './log-columns.ts';

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The chosen row beside the list: its time and message, and the whole row as pretty JSON. */
export function LogDetailPanel({ row, onClose }: { row: LogRow | null; onClose: () => void }) {
  if (!row) return null;
  const ms = rowTimestampMs(row);
  const message = typeof row.event_message === 'string' ? row.event_message : null;
  return (
    <aside className="flex w-[30rem] max-w-[45%] shrink-0 flex-col border-l border-line bg-surface" aria-label="Log entry details" data-testid="logs-detail">
      <div className="flex items-start justify-between gap-3 border-b border-line px-4 py-3">
        <div className="min-w-0 space-y-1">
          <h2 className="truncate text-sm font-semibold text-fg">{message ?? 'Log entry'}</h2>
          {ms !== null && (
            <p className="font-mono text-xs text-fg-subtle">
              <time dateTime={new Date(ms).toISOString()}>{formatLogTime(ms)}</time>
            </p>
          )}
        </div>
        <Button size="sm" variant="ghost" aria-label="Close details" icon={<X className="size-3.5" />} onClick={onClose} />
      </div>
      <div className="min-h-0 flex-1 overflow-auto p-4">
        <CodeBlock code={prettyJson(row)} language="json" testId="logs-detail-json" />
      </div>
    </aside>
  );
}
