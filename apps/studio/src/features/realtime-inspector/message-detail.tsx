import { X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { CodeBlock } from '../../components/ui/code-block.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { formatTime, MessageTypeBadge } from './message-list.tsx';
import type { InspectorMessage } from './realtime-messages.ts';

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The chosen message: its type, event, when it arrived, and the whole payload as JSON. */
export function MessageDetail({ message, onClose }: { message: InspectorMessage | null; onClose: () => void }) {
  if (!message) {
    return (
      <aside className="hidden w-[28rem] shrink-0 items-center justify-center border-l border-line p-6 text-center text-sm text-fg-subtle lg:flex" data-testid="realtime-detail-placeholder">
        Select a message to see its payload.
      </aside>
    );
  }
  return (
    <aside className="flex w-[28rem] shrink-0 flex-col border-l border-line" aria-label="Message details" data-testid="realtime-message-detail">
      <div className="flex items-start justify-between gap-3 border-b border-line px-4 py-3">
        <div className="min-w-0 space-y-1">
          <div className="flex items-center gap-2">
            <MessageTypeBadge type={message.type} />
            <span className="truncate font-mono text-sm text-fg">{message.event}</span>
          </div>
          <p className="text-xs text-fg-subtle">
            Received <time dateTime={new Date(message.receivedAt).toISOString()} title={formatDateTime(message.receivedAt)}>{formatTime(message.receivedAt)}</time>
          </p>
        </div>
        <Button size="sm" variant="ghost" aria-label="Close message details" icon={<X className="size-3.5" />} onClick={onClose} />
      </div>
      <div className="min-h-0 flex-1 overflow-auto p-4">
        <CodeBlock code={prettyJson(message.payload)} language="json" testId="realtime-message-json" />
      </div>
    </aside>
  );
}
