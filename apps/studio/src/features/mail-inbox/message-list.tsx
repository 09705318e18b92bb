import type { MailMessage } from '@plinth/api-contract';
import { cn } from '../../lib/cn.ts';
import { formatDateTime, formatRelative } from '../../lib/format.ts';

/** The inbox's messages, newest first: recipient, subject and when. */
export function MessageList({ messages, selectedId, onSelect }: { messages: MailMessage[]; selectedId: string | null; onSelect: (id: string) => void }) {
  return (
    <ul className="w-96 shrink-0 divide-y divide-line overflow-y-auto border-r border-line" aria-label="Messages" data-testid="mail-message-list">
      {messages.map((message) => (
        <li key={message.id}>
          <button
            type="button"
            onClick={() => onSelect(message.id)}
            aria-current={message.id === selectedId || undefined}
            data-testid="mail-message"
            className={cn('block w-full space-y-0.5 px-4 py-3 text-left hover:bg-surface-2', message.id === selectedId && 'bg-surface-3 hover:bg-surface-3')}
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="truncate text-sm font-medium text-fg">{message.to}</span>
              <time className="shrink-0 text-xs text-fg-subtle" dateTime={message.created_at} title={formatDateTime(message.created_at)}>
                {formatRelative(message.created_at)}
              </time>
            </span>
            <span className="block truncate text-sm text-fg-muted">{message.subject || '(no subject)'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
