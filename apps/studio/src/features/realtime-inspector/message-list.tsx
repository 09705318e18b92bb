import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { messageTypeLabel, type InspectorMessage, type MessageType } from './realtime-messages.ts';

export const MESSAGE_ROW_HEIGHT = 34;

const TONES: Record<MessageType, BadgeTone> = { broadcast: 'warning', presence: 'info', postgres_changes: 'success', system: 'neutral' };

export function MessageTypeBadge({ type }: { type: MessageType }) {
  return <Badge tone={TONES[type]}>{messageTypeLabel(type)}</Badge>;
}

export function formatTime(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

interface MessageListProps {
  messages: readonly InspectorMessage[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/**
 * Every received message, newest first, in a virtualised listbox: only the rows in view are in the
 * page, so thousands of messages scroll smoothly. Arrow keys, Home and End move the selection.
 */
export function MessageList({ messages, selectedId, onSelect }: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: messages.length, getScrollElement: () => scrollRef.current, estimateSize: () => MESSAGE_ROW_HEIGHT, overscan: 12 });
  const selectedIndex = selectedId === null ? -1 : messages.findIndex((message) => message.id === selectedId);

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  function onKeyDown(event: KeyboardEvent) {
    if (messages.length === 0) return;
    const last = messages.length - 1;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? MESSAGE_ROW_HEIGHT) / MESSAGE_ROW_HEIGHT) - 1);
    const from = selectedIndex < 0 ? -1 : selectedIndex;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, from + 1),
      ArrowUp: Math.max(0, from - 1),
      Home: 0,
      End: last,
      PageDown: Math.min(last, from + page),
      PageUp: Math.max(0, from - page),
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(messages[next].id);
  }

  return (
    <div
      ref={scrollRef}
      role="listbox"
      tabIndex={0}
      aria-label="Messages"
      aria-activedescendant={selectedIndex >= 0 ? `realtime-message-${messages[selectedIndex].id}` : undefined}
      onKeyDown={onKeyDown}
      className="min-h-0 flex-1 overflow-y-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand/40"
      data-testid="realtime-message-list"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index];
          const isSelected = message.id === selectedId;
          return (
            <div
              key={message.id}
              id={`realtime-message-${message.id}`}
              role="option"
              aria-selected={isSelected}
              onClick={() => onSelect(message.id)}
              data-testid="realtime-message"
              data-type={message.type}
              className={cn(
                'absolute left-0 top-0 flex w-full cursor-pointer items-center gap-3 border-b border-line px-4 text-sm',
                isSelected ? 'bg-surface-3' : 'hover:bg-surface-2',
              )}
              style={{ height: MESSAGE_ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <time className="w-24 shrink-0 font-mono text-xs text-fg-subtle" dateTime={new Date(message.receivedAt).toISOString()}>
                {formatTime(message.receivedAt)}
              </time>
              <span className="w-36 shrink-0">
                <MessageTypeBadge type={message.type} />
              </span>
              <span className="w-32 shrink-0 truncate font-mono text-xs text-fg" title={message.event}>
                {message.event}
              </span>
              <span className="min-w-0 flex-1 truncate font-mono text-xs text-fg-muted">{message.summary}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
