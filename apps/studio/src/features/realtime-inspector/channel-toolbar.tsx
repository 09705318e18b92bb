import { Eraser, LogOut, Pause, Play, Send } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { ChannelStatus, JoinSettings } from './inspector-connection.ts';

const STATUS_LABELS: Record<ChannelStatus['state'], string> = { joining: 'Joining', subscribed: 'Subscribed', error: 'Error', closed: 'Closed' };

export function ChannelStatusBadge({ status }: { status: ChannelStatus }) {
  const tone = status.state === 'subscribed' ? 'success' : status.state === 'error' ? 'danger' : status.state === 'joining' ? 'info' : 'neutral';
  return (
    <Badge tone={tone} dot>
      {STATUS_LABELS[status.state]}
    </Badge>
  );
}

function listenerName(joined: JoinSettings): string {
  const { listenAs } = joined;
  return listenAs.role === 'authenticated' ? `user ${listenAs.userLabel ?? listenAs.userId ?? ''}` : listenAs.role;
}

interface ChannelToolbarProps {
  joined: JoinSettings;
  status: ChannelStatus;
  isPaused: boolean;
  heldCount: number;
  messageCount: number;
  onPause: (isPaused: boolean) => void;
  onBroadcast: () => void;
  onClear: () => void;
  onLeave: () => void;
}

/** The joined channel: its status (with the server's reason on error) and what can be done on it. */
export function ChannelToolbar({ joined, status, isPaused, heldCount, messageCount, onPause, onBroadcast, onClear, onLeave }: ChannelToolbarProps) {
  return (
    <div className="space-y-2 border-b border-line px-6 py-3" data-testid="realtime-channel-toolbar">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex min-w-0 items-center gap-2" role="status" aria-live="polite" data-testid="realtime-channel-status" data-state={status.state}>
          <ChannelStatusBadge status={status} />
          <span className="truncate font-mono text-sm text-fg" data-testid="realtime-channel-name">
            {joined.channel}
          </span>
          <span className="text-xs text-fg-subtle">
            {joined.isPrivate ? 'private' : 'public'} · as {listenerName(joined)}
            {joined.changes ? ` · changes of ${joined.changes.schema === '*' ? 'all schemas' : joined.changes.table ? `${joined.changes.schema}.${joined.changes.table}` : `schema ${joined.changes.schema}`}` : ''}
          </span>
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button size="sm" variant="outline" icon={isPaused ? <Play className="size-3.5" /> : <Pause className="size-3.5" />} onClick={() => onPause(!isPaused)} aria-pressed={isPaused}>
            {isPaused ? (heldCount > 0 ? `Resume (${heldCount} new)` : 'Resume') : 'Pause'}
          </Button>
          <Button size="sm" variant="outline" icon={<Send className="size-3.5" />} onClick={onBroadcast} disabled={status.state !== 'subscribed'}>
            Send a broadcast
          </Button>
          <Button size="sm" variant="outline" icon={<Eraser className="size-3.5" />} onClick={onClear} disabled={messageCount === 0 && heldCount === 0}>
            Clear
          </Button>
          <Button size="sm" variant="outline" icon={<LogOut className="size-3.5" />} onClick={onLeave}>
            Leave channel
          </Button>
        </div>
      </div>
      {status.state === 'error' && (
        <p role="alert" className="rounded-md border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="realtime-channel-error">
          {status.message}
        </p>
      )}
    </div>
  );
}
