/**
 * Realtime examples for supabase-js v2: database changes, broadcast and presence need a websocket
 * client, so they have no Bash form; a broadcast can also be sent over HTTP, which has one.
 */
import type { DocsColumn } from '../../../data/api-docs/openapi.ts';
import { bashKey, curl, jsString, jsonInline, shellQuote, urlValue, type Example } from './format.ts';
import type { Snippet, SnippetContext, SnippetGroup } from './types.ts';

/** The channel, event and payload of the broadcast and presence examples. */
export const EXAMPLE_ROOM = 'room-1';
export const EXAMPLE_EVENT = 'cursor-pos';
const EXAMPLE_POSITION: Example = { x: 10, y: 20 };

function changesChannel(name: string, event: string, ctx: SnippetContext, table: string | null, filter?: string): string {
  const options = [`event: '${event}'`, `schema: ${jsString(ctx.schema)}`, ...(table ? [`table: ${jsString(table)}`] : []), ...(filter ? [`filter: ${jsString(filter)}`] : [])];
  return [
    `const channel = supabase.channel(${jsString(name)})`,
    '  .on(',
    "    'postgres_changes',",
    `    { ${options.join(', ')} },`,
    '    (payload) => {',
    "      console.log('Change received!', payload)",
    '    }',
    '  )',
    '  .subscribe()',
  ].join('\n');
}

function clientOnly(id: string, title: string, js: string, description?: string): Snippet {
  return { id, title, description, js, bash: null, kind: 'realtime' };
}

/** A table's "Subscribe to changes" examples. */
export function subscribeSnippets(ctx: SnippetContext, table: string, match: { column: DocsColumn; value: Example } | null): Snippet[] {
  const snippets = [
    clientOnly('subscribe-all-events', 'Subscribe to all events', changesChannel('custom-all-channel', '*', ctx, table)),
    clientOnly('subscribe-inserts', 'Subscribe to inserts', changesChannel('custom-insert-channel', 'INSERT', ctx, table)),
    clientOnly('subscribe-updates', 'Subscribe to updates', changesChannel('custom-update-channel', 'UPDATE', ctx, table)),
    clientOnly('subscribe-deletes', 'Subscribe to deletes', changesChannel('custom-delete-channel', 'DELETE', ctx, table)),
  ];
  if (match) {
    const filter = `${match.column.name}=eq.${urlValue(match.value)}`;
    snippets.push(
      clientOnly(
        'subscribe-specific-rows',
        'Subscribe to specific rows',
        changesChannel('custom-filter-channel', '*', ctx, table, filter),
        'Filters apply to inserts and updates; deletes are not filtered, since a deleted row carries only its primary key.',
      ),
    );
  }
  return snippets;
}

/** What a table needs before its changes are sent: said under every table's "Subscribe to changes". */
export const REALTIME_TABLE_NOTE =
  "Only tables with Realtime on send changes: turn it on with the table's Realtime switch in the Table Editor (it adds the table to the supabase_realtime publication). Each subscriber receives only the rows its role may read.";

export const REALTIME_CLEANUP_NOTE =
  'Unused channels slow the client down: remove them when you are done. The server also cleans up after you: automatic cleanup occurs 30 seconds after a client disconnects.';

const LISTEN_BROADCAST = [
  `const channel = supabase.channel('${EXAMPLE_ROOM}')`,
  '',
  'channel',
  `  .on('broadcast', { event: '${EXAMPLE_EVENT}' }, (payload) => {`,
  "    console.log('Cursor position received!', payload)",
  '  })',
  '  .subscribe()',
].join('\n');

const SEND_BROADCAST = [
  `const channel = supabase.channel('${EXAMPLE_ROOM}')`,
  '',
  'channel.subscribe((status) => {',
  "  if (status === 'SUBSCRIBED') {",
  '    channel.send({',
  "      type: 'broadcast',",
  `      event: '${EXAMPLE_EVENT}',`,
  '      payload: { x: 10, y: 20 },',
  '    })',
  '  }',
  '})',
].join('\n');

const PRESENCE = [
  `const channel = supabase.channel('${EXAMPLE_ROOM}')`,
  '',
  'channel',
  "  .on('presence', { event: 'sync' }, () => {",
  "    console.log('Online now:', channel.presenceState())",
  '  })',
  "  .on('presence', { event: 'join' }, ({ key, newPresences }) => {",
  "    console.log('Joined:', key, newPresences)",
  '  })',
  "  .on('presence', { event: 'leave' }, ({ key, leftPresences }) => {",
  "    console.log('Left:', key, leftPresences)",
  '  })',
  '  .subscribe(async (status) => {',
  "    if (status === 'SUBSCRIBED') {",
  "      await channel.track({ user: 'user-1', online_at: new Date().toISOString() })",
  '    }',
  '  })',
].join('\n');

const PRIVATE_CHANNEL = [
  `const channel = supabase.channel('${EXAMPLE_ROOM}', {`,
  '  config: { private: true },',
  '})',
  '',
  'channel',
  `  .on('broadcast', { event: '${EXAMPLE_EVENT}' }, (payload) => {`,
  "    console.log('Cursor position received!', payload)",
  '  })',
  '  .subscribe((status, err) => {',
  "    if (status === 'CHANNEL_ERROR') console.error('Not allowed to join:', err)",
  '  })',
].join('\n');

/** A broadcast without joining: the batch endpoint in Bash, httpSend() in Javascript. */
function restBroadcast(ctx: SnippetContext): Snippet {
  const body = { messages: [{ topic: EXAMPLE_ROOM, event: EXAMPLE_EVENT, payload: EXAMPLE_POSITION }] };
  return {
    id: 'broadcast-rest',
    title: 'Send a broadcast over HTTP',
    description: 'No websocket needed: for a server or a script. The server answers 202 Accepted.',
    js: [`const channel = supabase.channel('${EXAMPLE_ROOM}')`, '', `const { success } = await channel.httpSend('${EXAMPLE_EVENT}', { x: 10, y: 20 })`].join('\n'),
    bash: curl([
      `curl -X POST ${shellQuote(`${ctx.url}/realtime/v1/api/broadcast`)}`,
      `-H "apikey: ${bashKey(ctx, 'anon')}"`,
      '-H "Content-Type: application/json"',
      `--data ${shellQuote(jsonInline(body))}`,
    ]),
    kind: 'realtime',
  };
}

/** The Realtime section of the docs. */
export function realtimeGroups(ctx: SnippetContext): SnippetGroup[] {
  return [
    {
      id: 'realtime-subscribe',
      title: 'Subscribe to database changes',
      description: `Changes to every table of the ${ctx.schema} schema that has Realtime on, and that the signed-in role may read, arrive on the channel. ${REALTIME_TABLE_NOTE}`,
      snippets: [clientOnly('subscribe-to-channel', 'Subscribe to a channel', changesChannel('schema-db-changes', '*', ctx, null))],
    },
    {
      id: 'realtime-broadcast',
      title: 'Broadcast',
      description: 'Send messages to every client on a channel: cursor positions, typing indicators, game moves. They are not stored.',
      snippets: [
        clientOnly('listen-to-broadcast', 'Listen to broadcast messages', LISTEN_BROADCAST),
        clientOnly('send-broadcast', 'Send a broadcast message', SEND_BROADCAST, 'Send once the channel is subscribed. Add config: { broadcast: { self: true } } to supabase.channel() to receive your own messages too.'),
        restBroadcast(ctx),
      ],
    },
    {
      id: 'realtime-presence',
      title: 'Presence',
      description: "Share who is online: each client tracks a state, and every client on the channel is told of joins and leaves. A client's state is removed when it untracks or disconnects.",
      snippets: [
        clientOnly('track-presence', 'Track and listen to presence', PRESENCE),
        clientOnly('untrack-presence', 'Stop tracking', 'await channel.untrack()'),
      ],
    },
    {
      id: 'realtime-private-channels',
      title: 'Private channels',
      description: 'A private channel admits only the users that RLS policies on realtime.messages allow (SELECT to receive, INSERT to send). Sign the user in first: the client sends their token when it joins.',
      snippets: [clientOnly('private-channel', 'Join a private channel', PRIVATE_CHANNEL)],
    },
    {
      id: 'realtime-unsubscribe',
      title: 'Unsubscribe from channels',
      description: REALTIME_CLEANUP_NOTE,
      snippets: [
        clientOnly('remove-channel', 'Remove a channel', 'supabase.removeChannel(channel)'),
        clientOnly('remove-all-channels', 'Remove all channels', 'supabase.removeAllChannels()'),
      ],
    },
    {
      id: 'realtime-channels',
      title: 'Retrieve all channels',
      snippets: [clientOnly('get-channels', 'Retrieve all channels', 'const channels = supabase.getChannels()')],
    },
  ];
}
