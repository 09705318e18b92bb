import { useMemo, useState } from 'react';
import { Radio, Settings } from 'lucide-react';
import { Action, Feature, Resource } from '@plinth/permissions';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { LoadingArea, Spinner } from '../../components/ui/spinner.tsx';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useHasFeature } from '../../data/permissions/can.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { useRealtimeConfigQuery } from '../../data/realtime/realtime-config-query.ts';
import { useProjectRole } from '../../data/sql/project-role.ts';
import { BroadcastDialog } from './broadcast-dialog.tsx';
import { ChannelToolbar } from './channel-toolbar.tsx';
import type { JoinSettings } from './inspector-connection.ts';
import { JoinChannelForm } from './join-channel-form.tsx';
import { MessageDetail } from './message-detail.tsx';
import { MessageFilters } from './message-filters.tsx';
import { MessageList } from './message-list.tsx';
import { RealtimeSettingsPanel } from './realtime-settings-panel.tsx';
import { filterMessages, isFiltering, NO_FILTER, type InspectorMessage } from './realtime-messages.ts';
import { useRealtimeInspector, type RealtimeInspector } from './use-realtime-inspector.ts';

function MessagesArea({ inspector, messages, selected, onSelect, isFiltered }: {
  inspector: RealtimeInspector;
  messages: readonly InspectorMessage[];
  selected: InspectorMessage | null;
  onSelect: (id: number | null) => void;
  isFiltered: boolean;
}) {
  const { status, joined } = inspector;
  if (inspector.messages.length === 0) {
    if (status?.state === 'joining') return <LoadingArea label={`Joining ${joined?.channel ?? 'the channel'}`} />;
    return (
      <EmptyState
        className="m-6"
        icon={<Radio />}
        title={status?.state === 'subscribed' ? `Listening on ${joined?.channel}` : 'No messages yet'}
        description={
          inspector.isPaused
            ? 'Paused: messages that arrive are held until you resume.'
            : 'Messages appear here as they arrive: send a broadcast, or insert, update or delete a row of a table with Realtime on.'
        }
        testId="realtime-messages-empty"
      />
    );
  }
  return (
    <div className="flex min-h-0 flex-1">
      {messages.length === 0 && isFiltered ? (
        <EmptyState className="m-6 flex-1" title="No messages match your filters" description="Choose other message types or change the filter text." testId="realtime-messages-filtered-out" />
      ) : (
        <MessageList messages={messages} selectedId={selected?.id ?? null} onSelect={onSelect} />
      )}
      <MessageDetail message={selected} onClose={() => onSelect(null)} />
    </div>
  );
}

/**
 * Realtime > Inspector: join a channel as a role or one of the project's users and watch its
 * broadcasts, presence and database changes arrive, send broadcasts, and reach the Realtime
 * settings. Listening needs the SQL read permission (a listener may see any row its role may).
 */
export function InspectorView({ projectRef }: { projectRef: string }) {
  const project = useProjectQuery(projectRef);
  const { isLoading: isRoleLoading } = useProjectRole(projectRef);
  const hasRealtime = useHasFeature(project.data?.organization_slug, Feature.REALTIME);
  const canListen = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_READ, Resource.SQL);
  const config = useRealtimeConfigQuery(projectRef, { enabled: hasRealtime });
  const inspector = useRealtimeInspector(projectRef);
  const [lastJoined, setLastJoined] = useState<JoinSettings | null>(null);
  const [filter, setFilter] = useState(NO_FILTER);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [isBroadcasting, setIsBroadcasting] = useState(false);
  const shown = useMemo(() => filterMessages(inspector.messages, filter), [inspector.messages, filter]);

  if (isRoleLoading) return <LoadingArea label="Loading Realtime" />;
  if (!hasRealtime) {
    return (
      <div className="p-6">
        <NoPermission action="use Realtime in this project" />
      </div>
    );
  }

  const selected = shown.find((message) => message.id === selectedId) ?? null;
  const { joined, status } = inspector;

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="realtime-inspector-page">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-line px-6 pb-4 pt-6">
        <div className="max-w-3xl space-y-1">
          <h1 className="text-xl font-semibold tracking-tight text-fg">Realtime Inspector</h1>
          <p className="text-sm text-fg-muted">Join a channel to see its broadcast, presence and database-change messages as they happen.</p>
        </div>
        <Button variant="outline" icon={<Settings className="size-3.5" />} onClick={() => setIsSettingsOpen(true)}>
          Settings
        </Button>
      </div>

      {!canListen ? (
        <div className="p-6">
          <NoPermission action="inspect Realtime messages of this project" />
        </div>
      ) : !joined || !status ? (
        <div className="min-h-0 flex-1 overflow-y-auto p-6">
          {config.isLoading ? (
            <div className="flex justify-center p-6">
              <Spinner label="Loading Realtime settings" />
            </div>
          ) : (
            <JoinChannelForm
              projectRef={projectRef}
              initial={lastJoined}
              isPublicAllowed={config.data ? !config.data.private_only : undefined}
              onJoin={(settings) => {
                setLastJoined(settings);
                setSelectedId(null);
                inspector.clear();
                inspector.join(settings);
              }}
            />
          )}
        </div>
      ) : (
        <>
          <ChannelToolbar
            joined={joined}
            status={status}
            isPaused={inspector.isPaused}
            heldCount={inspector.heldCount}
            messageCount={inspector.messages.length}
            onPause={inspector.setPaused}
            onBroadcast={() => setIsBroadcasting(true)}
            onClear={() => (inspector.clear(), setSelectedId(null))}
            onLeave={inspector.leave}
          />
          <MessageFilters filter={filter} onChange={setFilter} shown={shown.length} total={inspector.messages.length} />
          <MessagesArea inspector={inspector} messages={shown} selected={selected} onSelect={setSelectedId} isFiltered={isFiltering(filter)} />
        </>
      )}

      {isSettingsOpen && <RealtimeSettingsPanel projectRef={projectRef} onClose={() => setIsSettingsOpen(false)} />}
      {isBroadcasting && joined && <BroadcastDialog channel={joined.channel} onSend={inspector.send} onClose={() => setIsBroadcasting(false)} />}
    </div>
  );
}
