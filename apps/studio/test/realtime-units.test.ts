/**
 * The pure rules of the Realtime studio: the inspector's message list (newest first, bounded,
 * filtered by type and text), the broadcast form's input, the settings' limits, the table editor's
 * publication toggle, and the API docs' Realtime snippets.
 */
import { describe, expect, it } from 'vitest';
import type { Publication } from '../src/data/pg-meta/types.ts';
import { publicationTablesWith, realtimePublicationOf, tableRealtimeState } from '../src/data/realtime/realtime-publication.ts';
import { realtimeGroups, REALTIME_TABLE_NOTE, subscribeSnippets } from '../src/features/api-docs/snippets/realtime-snippets.ts';
import { tableSnippetGroups } from '../src/features/api-docs/snippets/table-snippets.ts';
import type { SnippetContext } from '../src/features/api-docs/snippets/types.ts';
import { parseOpenApi } from '../src/data/api-docs/openapi.ts';
import { tokenRequestOf } from '../src/features/realtime-inspector/listen-as.ts';
import { limitRows, messagesUsed } from '../src/features/realtime-inspector/realtime-limits.ts';
import {
  channelErrorMessage,
  createMessage,
  filterMessages,
  isFiltering,
  MESSAGE_TYPES,
  NO_FILTER,
  parseBroadcastPayload,
  prependMessages,
  summarize,
  toggleType,
  validateChannelName,
  validateEventName,
} from '../src/features/realtime-inspector/realtime-messages.ts';

const change = (id: number, body: string) =>
  createMessage(id, 'postgres_changes', 'INSERT', { schema: 'public', table: 'todos', eventType: 'INSERT', new: { id, body }, old: {} }, 1_000 + id);
const broadcast = (id: number, event: string, payload: unknown) => createMessage(id, 'broadcast', event, { type: 'broadcast', event, payload }, 1_000 + id);

describe('inspector messages', () => {
  it('summarises each type in one line', () => {
    expect(change(1, 'hello').summary).toBe('public.todos {"id":1,"body":"hello"}');
    expect(summarize('postgres_changes', 'DELETE', { schema: 'public', table: 'todos', new: {}, old: { id: 7 } })).toBe('public.todos {"id":7}');
    expect(broadcast(2, 'cursor', { x: 1 }).summary).toBe('{"x":1}');
    expect(summarize('presence', 'sync', { a: [{}], b: [{}] })).toBe('2 keys present');
    expect(summarize('presence', 'join', { key: 'k1', newPresences: [{}], currentPresences: [] })).toBe('key k1: 1 presence joined');
    expect(summarize('presence', 'leave', { key: 'k1', leftPresences: [{}, {}] })).toBe('key k1: 2 presences left');
    expect(summarize('system', 'ok', { message: 'Subscribed to PostgreSQL', status: 'ok' })).toBe('Subscribed to PostgreSQL');
    expect(broadcast(3, 'big', { text: 'x'.repeat(500) }).summary.length).toBeLessThanOrEqual(160);
  });

  it('keeps the newest first and at most the maximum, dropping the oldest', () => {
    const first = prependMessages([], [change(1, 'a'), change(2, 'b')], 3);
    expect(first.map((m) => m.id)).toEqual([2, 1]);
    const next = prependMessages(first, [change(3, 'c'), change(4, 'd')], 3);
    expect(next.map((m) => m.id)).toEqual([4, 3, 2]);
    expect(prependMessages(next, [1, 2, 3, 4, 5].map((id) => change(10 + id, 'x')), 3).map((m) => m.id)).toEqual([15, 14, 13]);
    expect(prependMessages(next, [], 3)).toBe(next);
  });

  it('filters by type and by every word of the text in event, summary or payload', () => {
    const messages = [change(1, 'Hello World'), broadcast(2, 'cursor-pos', { x: 1, label: 'pointer' }), createMessage(3, 'system', 'ok', { message: 'Subscribed to PostgreSQL' })];
    expect(filterMessages(messages, NO_FILTER)).toBe(messages);
    expect(filterMessages(messages, { types: ['broadcast'], text: '' }).map((m) => m.id)).toEqual([2]);
    expect(filterMessages(messages, { types: ['broadcast', 'system'], text: '' }).map((m) => m.id)).toEqual([2, 3]);
    expect(filterMessages(messages, { types: [], text: 'hello world' }).map((m) => m.id)).toEqual([1]);
    expect(filterMessages(messages, { types: [], text: 'POINTER' }).map((m) => m.id)).toEqual([2]);
    expect(filterMessages(messages, { types: [], text: 'insert todos' }).map((m) => m.id)).toEqual([1]);
    expect(filterMessages(messages, { types: ['system'], text: 'hello' })).toEqual([]);
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(isFiltering({ types: [], text: '  ' })).toBe(false);
    expect(isFiltering({ types: ['presence'], text: '' })).toBe(true);
  });

  it('toggles a type; all of them chosen is the same as none', () => {
    expect(toggleType([], 'broadcast')).toEqual(['broadcast']);
    expect(toggleType(['broadcast'], 'broadcast')).toEqual([]);
    const allButOne = MESSAGE_TYPES.slice(1).map((t) => t.value);
    expect(toggleType(allButOne, MESSAGE_TYPES[0].value)).toEqual([]);
  });

  it('reads the broadcast form: an event name and a JSON object', () => {
    expect(parseBroadcastPayload('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseBroadcastPayload('')).toMatchObject({ ok: false });
    expect(parseBroadcastPayload('{"a": 1')).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
    expect(parseBroadcastPayload('[1, 2]')).toEqual({ ok: false, error: 'The payload must be a JSON object' });
    expect(parseBroadcastPayload('"text"')).toEqual({ ok: false, error: 'The payload must be a JSON object' });
    expect(validateEventName('')).toBe('Enter an event name');
    expect(validateEventName('cursor-pos')).toBeNull();
    expect(validateChannelName('room-1')).toBeNull();
    expect(validateChannelName(' room')).toBe('The channel name cannot start or end with spaces');
    expect(validateChannelName('')).toBe('Enter a channel name');
  });

  it("shows the server's reason unquoted", () => {
    expect(channelErrorMessage(new Error('"PrivateOnly: This project only allows private channels"'))).toBe('PrivateOnly: This project only allows private channels');
    expect(channelErrorMessage(new Error('socket closed: 1006'))).toBe('socket closed: 1006');
    expect(channelErrorMessage(undefined)).toBe('The channel could not be joined.');
  });

  it('asks for a token as a role, or as a user with role authenticated', () => {
    expect(tokenRequestOf({ role: 'service_role' })).toEqual({ role: 'service_role' });
    expect(tokenRequestOf({ role: 'authenticated', userId: 'u1', userLabel: 'a@b.c' })).toEqual({ role: 'authenticated', user_id: 'u1' });
  });
});

describe('Realtime settings', () => {
  const config = { private_only: false, max_concurrent_users: 200, max_messages_per_month: 2_000_000, max_payload_size_in_kb: 250, messages_this_month: 1234 };

  it('lists the plan limits, unlimited where the plan has none', () => {
    expect(limitRows(config)).toEqual([
      { label: 'Concurrent connections', value: '200' },
      { label: 'Messages per month', value: '2,000,000' },
      { label: 'Maximum message size', value: '250 KB' },
    ]);
    expect(limitRows({ ...config, max_payload_size_in_kb: 3072, max_concurrent_users: null })[0].value).toBe('Unlimited');
    expect(limitRows({ ...config, max_payload_size_in_kb: 3072 })[2].value).toBe('3 MB');
  });

  it("says how much of the month's messages is used", () => {
    expect(messagesUsed(config)).toEqual({ text: '1,234 of 2,000,000 (<0.1%)', fraction: 1234 / 2_000_000 });
    expect(messagesUsed({ ...config, messages_this_month: 0 }).text).toBe('0 of 2,000,000 (0.0%)');
    expect(messagesUsed({ ...config, messages_this_month: 1_500_000 }).text).toBe('1,500,000 of 2,000,000 (75%)');
    expect(messagesUsed({ ...config, messages_this_month: 3_000_000 }).fraction).toBe(1);
    expect(messagesUsed({ ...config, max_messages_per_month: null })).toEqual({ text: '1,234', fraction: null });
  });
});

describe("the table editor's Realtime toggle", () => {
  const publication: Publication = {
    id: 1, name: 'supabase_realtime', owner: 'postgres', publish_insert: true, publish_update: true, publish_delete: true, publish_truncate: true,
    tables: [{ id: 10, schema: 'public', name: 'todos' }, { id: 11, schema: 'app', name: 'todos' }],
  };

  it('finds supabase_realtime and tells whether a table is in it', () => {
    expect(realtimePublicationOf([{ ...publication, id: 2, name: 'other' }, publication])).toBe(publication);
    expect(realtimePublicationOf([])).toBeUndefined();
    expect(tableRealtimeState(publication, { schema: 'public', name: 'todos' })).toBe('on');
    expect(tableRealtimeState(publication, { schema: 'public', name: 'notes' })).toBe('off');
    expect(tableRealtimeState(undefined, { schema: 'public', name: 'todos' })).toBe('off');
    expect(tableRealtimeState({ ...publication, tables: null }, { schema: 'public', name: 'notes' })).toBe('all');
  });

  it('adds or removes only that table, keeping the others (same name in another schema included)', () => {
    expect(publicationTablesWith(publication, { schema: 'public', name: 'notes' }, true)).toEqual([
      { schema: 'public', name: 'todos' }, { schema: 'app', name: 'todos' }, { schema: 'public', name: 'notes' },
    ]);
    expect(publicationTablesWith(publication, { schema: 'public', name: 'todos' }, false)).toEqual([{ schema: 'app', name: 'todos' }]);
    expect(publicationTablesWith(publication, { schema: 'public', name: 'todos' }, true)).toHaveLength(2);
  });
});

describe('Realtime API docs snippets', () => {
  const ctx: SnippetContext = { url: 'http://localhost:8000/p/abcdefghijklmnopqrst', anonKey: 'anon-key', serviceKey: 'service-key', schema: 'public' };

  it("gives every table a 'Subscribe to changes' group that says Realtime must be on", () => {
    const doc = { definitions: { todos: { required: ['id'], properties: { id: { format: 'bigint', type: 'integer', description: '<pk/>' } } } }, paths: { '/todos': { get: {} } } };
    const [table] = parseOpenApi(doc).tables;
    const group = tableSnippetGroups(table, ctx).find((entry) => entry.id === 'subscribe-to-changes')!;
    expect(group.description).toContain(REALTIME_TABLE_NOTE);
    expect(group.snippets.map((snippet) => snippet.bash)).toEqual(group.snippets.map(() => null));
    const all = subscribeSnippets(ctx, "it's", null)[0];
    expect(all.js).toContain("{ event: '*', schema: 'public', table: 'it\\'s' }");
    expect(all.js).toContain(".on(\n    'postgres_changes',");
  });

  it('covers changes, broadcast (socket and HTTP), presence, private channels and cleanup', () => {
    const groups = realtimeGroups(ctx);
    expect(groups.map((group) => group.title)).toEqual([
      'Subscribe to database changes', 'Broadcast', 'Presence', 'Private channels', 'Unsubscribe from channels', 'Retrieve all channels',
    ]);
    const snippets = groups.flatMap((group) => group.snippets);
    const byId = (id: string) => snippets.find((snippet) => snippet.id === id)!;
    expect(byId('send-broadcast').js).toContain("channel.send({\n      type: 'broadcast',");
    expect(byId('track-presence').js).toContain('await channel.track(');
    expect(byId('private-channel').js).toContain('config: { private: true }');
    // Only the HTTP broadcast has a Bash form; with hidden keys it reads $SUPABASE_KEY.
    expect(snippets.filter((snippet) => snippet.bash !== null).map((snippet) => snippet.id)).toEqual(['broadcast-rest']);
    expect(byId('broadcast-rest').bash).toContain("curl -X POST 'http://localhost:8000/p/abcdefghijklmnopqrst/realtime/v1/api/broadcast'");
    expect(byId('broadcast-rest').bash).toContain('-H "apikey: anon-key"');
    expect(realtimeGroups({ ...ctx, anonKey: null }).flatMap((group) => group.snippets).find((s) => s.id === 'broadcast-rest')!.bash).toContain('-H "apikey: $SUPABASE_KEY"');
    expect(groups.map((group) => group.description ?? '').join(' ')).toContain('automatic cleanup occurs 30 seconds after a client disconnects');
  });
});
