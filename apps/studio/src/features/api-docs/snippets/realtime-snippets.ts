/** Realtime examples: client library only (a websocket), so they have no Bash form. */
import type { DocsColumn } from '../../../data/api-docs/openapi.ts';
import { jsString, urlValue, type Example } from './format.ts';
import type { Snippet, SnippetContext, SnippetGroup } from './types.ts';

function channel(name: string, event: string, ctx: SnippetContext, table: string | null, filter?: string): string {
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

function subscription(id: string, title: string, js: string, description?: string): Snippet {
  return { id, title, description, js, bash: null, kind: 'realtime' };
}

/** A table's "Subscribe to changes" examples. */
export function subscribeSnippets(ctx: SnippetContext, table: string, match: { column: DocsColumn; value: Example } | null): Snippet[] {
  const snippets = [
    subscription('subscribe-all-events', 'Subscribe to all events', channel('custom-all-channel', '*', ctx, table)),
    subscription('subscribe-inserts', 'Subscribe to inserts', channel('custom-insert-channel', 'INSERT', ctx, table)),
    subscription('subscribe-updates', 'Subscribe to updates', channel('custom-update-channel', 'UPDATE', ctx, table)),
    subscription('subscribe-deletes', 'Subscribe to deletes', channel('custom-delete-channel', 'DELETE', ctx, table)),
  ];
  if (match) {
    const filter = `${match.column.name}=eq.${urlValue(match.value)}`;
    snippets.push(subscription('subscribe-specific-rows', 'Subscribe to specific rows', channel('custom-filter-channel', '*', ctx, table, filter)));
  }
  return snippets;
}

export const REALTIME_CLEANUP_NOTE =
  'Unused channels slow the client down: remove them when you are done. The server also cleans up after you: automatic cleanup occurs 30 seconds after a client disconnects.';

/** The Realtime section of the docs. */
export function realtimeGroups(ctx: SnippetContext): SnippetGroup[] {
  return [
    {
      id: 'realtime-subscribe',
      title: 'Subscribe to a channel',
      description: `Changes to every table of the ${ctx.schema} schema that Realtime publishes, and that the signed-in role may read, arrive on the channel.`,
      snippets: [subscription('subscribe-to-channel', 'Subscribe to a channel', channel('schema-db-changes', '*', ctx, null))],
    },
    {
      id: 'realtime-unsubscribe',
      title: 'Unsubscribe from channels',
      description: REALTIME_CLEANUP_NOTE,
      snippets: [
        subscription('remove-channel', 'Remove a channel', 'supabase.removeChannel(channel)'),
        subscription('remove-all-channels', 'Remove all channels', 'supabase.removeAllChannels()'),
      ],
    },
    {
      id: 'realtime-channels',
      title: 'Retrieve all channels',
      snippets: [subscription('get-channels', 'Retrieve all channels', 'const channels = supabase.getChannels()')],
    },
  ];
}
