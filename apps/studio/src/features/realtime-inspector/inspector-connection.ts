/**
 * One joined channel of the inspector: a supabase-js client (loaded only when someone joins, so it
 * stays out of every other chunk) authenticated with the inspector token, listening to broadcast,
 * presence, database changes and the server's system messages. No React here: the hook owns state.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { createInspectorToken, type InspectorToken } from '../../data/realtime/inspector-token-mutation.ts';
import { tokenRequestOf, type ListenAs } from './listen-as.ts';
import { channelErrorMessage, type MessageType } from './realtime-messages.ts';

export interface JoinSettings {
  channel: string;
  isPrivate: boolean;
  listenAs: ListenAs;
  /** The database changes to listen to (schema '*' is every schema, table null every table), or none. */
  changes: { schema: string; table: string | null } | null;
}

export type ChannelStatus =
  | { state: 'joining' }
  | { state: 'subscribed' }
  | { state: 'error'; message: string }
  | { state: 'closed' };

export interface ConnectionHandlers {
  onMessage: (type: MessageType, event: string, payload: unknown) => void;
  onStatus: (status: ChannelStatus) => void;
}

export type SendResult = 'ok' | 'timed out' | 'error';

export interface InspectorConnection {
  send: (event: string, payload: Record<string, unknown>) => Promise<SendResult>;
  close: () => Promise<void>;
}

/** A new token is asked for when the current one has less than this left (realtime-js asks at every heartbeat). */
const REFRESH_MARGIN_SECONDS = 300;

function subscribeAll(channel: RealtimeChannel, settings: JoinSettings, handlers: ConnectionHandlers): RealtimeChannel {
  channel
    .on('broadcast', { event: '*' }, (message) => handlers.onMessage('broadcast', String(message.event ?? ''), message))
    .on('presence', { event: 'sync' }, () => handlers.onMessage('presence', 'sync', channel.presenceState()))
    .on('presence', { event: 'join' }, (payload) => handlers.onMessage('presence', 'join', payload))
    .on('presence', { event: 'leave' }, (payload) => handlers.onMessage('presence', 'leave', payload))
    .on('system', {}, (payload: Record<string, unknown>) => {
      handlers.onMessage('system', String(payload.status ?? 'system'), payload);
      if (payload.status === 'error') handlers.onStatus({ state: 'error', message: channelErrorMessage(String(payload.message ?? '')) });
    });
  if (settings.changes) {
    const filter = { event: '*' as const, schema: settings.changes.schema, ...(settings.changes.table ? { table: settings.changes.table } : {}) };
    channel.on('postgres_changes', filter, (payload) => handlers.onMessage('postgres_changes', String(payload.eventType ?? ''), payload));
  }
  return channel;
}

/**
 * Asks for a token, creates the client and joins. Status changes (joined, refused with the
 * server's reason, timed out, closed) arrive through `handlers.onStatus`, rejoins included.
 */
export async function openInspectorConnection(projectRef: string, settings: JoinSettings, handlers: ConnectionHandlers): Promise<InspectorConnection> {
  const request = tokenRequestOf(settings.listenAs);
  let token: InspectorToken = await createInspectorToken(projectRef, request);
  const accessToken = async () => {
    if (token.expires_at - Date.now() / 1000 < REFRESH_MARGIN_SECONDS) token = await createInspectorToken(projectRef, request);
    return token.access_token;
  };
  const { createClient } = await import('@supabase/supabase-js');
  // The accessToken option makes the token the client's only credential (no auth client, no
  // session in storage) and lets realtime-js ask for a fresh one at each heartbeat.
  const client: SupabaseClient = createClient(token.api_url, token.apikey, { accessToken });
  await client.realtime.setAuth(token.access_token);
  const channel = client.channel(settings.channel, { config: { private: settings.isPrivate, broadcast: { self: true, ack: true } } });
  let isClosed = false;
  subscribeAll(channel, settings, handlers).subscribe((status, error) => {
    if (isClosed) return;
    if (status === 'SUBSCRIBED') handlers.onStatus({ state: 'subscribed' });
    else if (status === 'CHANNEL_ERROR') handlers.onStatus({ state: 'error', message: channelErrorMessage(error) });
    else if (status === 'TIMED_OUT') handlers.onStatus({ state: 'error', message: 'The server did not answer the join in time. Realtime keeps trying.' });
    else if (status === 'CLOSED') handlers.onStatus({ state: 'closed' });
  });
  return {
    send: (event, payload) => channel.send({ type: 'broadcast', event, payload }) as Promise<SendResult>,
    close: async () => {
      isClosed = true;
      await client.removeChannel(channel);
      client.realtime.disconnect();
    },
  };
}
