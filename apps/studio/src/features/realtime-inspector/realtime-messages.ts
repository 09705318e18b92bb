/**
 * The inspector's messages in pure terms: what one received message is, how the list keeps the
 * newest ones, how type and text filters apply, and how the broadcast form reads its input.
 */

export type MessageType = 'broadcast' | 'presence' | 'postgres_changes' | 'system';

export const MESSAGE_TYPES: readonly { value: MessageType; label: string }[] = [
  { value: 'broadcast', label: 'Broadcast' },
  { value: 'presence', label: 'Presence' },
  { value: 'postgres_changes', label: 'Database changes' },
  { value: 'system', label: 'System' },
];

export function messageTypeLabel(type: MessageType): string {
  return MESSAGE_TYPES.find((entry) => entry.value === type)?.label ?? type;
}

/** The list keeps this many messages, dropping the oldest: enough to inspect, bounded in memory. */
export const MAX_MESSAGES = 1000;

export interface InspectorMessage {
  /** Increasing in the order messages arrived. */
  id: number;
  type: MessageType;
  /** The broadcast event, the presence event (sync, join, leave), INSERT/UPDATE/DELETE, or the system status. */
  event: string;
  receivedAt: number;
  payload: unknown;
  /** One line for the list. */
  summary: string;
  /** Lower-cased text the filter searches: event, summary and the whole payload. */
  searchText: string;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function oneLine(value: unknown, max = 160): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What the list row says of a message, by type. */
export function summarize(type: MessageType, event: string, payload: unknown): string {
  const body = record(payload);
  switch (type) {
    case 'postgres_changes': {
      const where = `${String(body.schema ?? '?')}.${String(body.table ?? '?')}`;
      const row = event === 'DELETE' ? body.old : body.new;
      const rowKeys = Object.keys(record(row));
      return rowKeys.length > 0 ? `${where} ${oneLine(row, 140)}` : where;
    }
    case 'presence': {
      if (event === 'sync') {
        const count = Object.keys(body).length;
        return `${count} ${count === 1 ? 'key' : 'keys'} present`;
      }
      const changed = event === 'join' ? body.newPresences : body.leftPresences;
      const count = Array.isArray(changed) ? changed.length : 0;
      return `key ${String(body.key ?? '?')}: ${count} ${count === 1 ? 'presence' : 'presences'} ${event === 'join' ? 'joined' : 'left'}`;
    }
    case 'system':
      return oneLine(body.message ?? payload);
    case 'broadcast':
      return oneLine(body.payload ?? payload);
  }
}

export function createMessage(id: number, type: MessageType, event: string, payload: unknown, receivedAt = Date.now()): InspectorMessage {
  const summary = summarize(type, event, payload);
  let json = '';
  try {
    json = JSON.stringify(payload) ?? '';
  } catch {
    json = '';
  }
  return { id, type, event, receivedAt, payload, summary, searchText: `${event}\n${summary}\n${json}`.toLowerCase() };
}

/** `current` is newest first; `incoming` in arrival order. The result is newest first, at most `max` long. */
export function prependMessages(current: readonly InspectorMessage[], incoming: readonly InspectorMessage[], max = MAX_MESSAGES): InspectorMessage[] {
  if (incoming.length === 0) return current as InspectorMessage[];
  const newest = incoming.slice(-max).reverse();
  return newest.length >= max ? newest : [...newest, ...current.slice(0, max - newest.length)];
}

export interface MessageFilter {
  /** The types shown; all of them when empty. */
  types: readonly MessageType[];
  text: string;
}

export const NO_FILTER: MessageFilter = { types: [], text: '' };

export function isFiltering(filter: MessageFilter): boolean {
  return filter.types.length > 0 || filter.text.trim() !== '';
}

/** Messages of the chosen types whose event, summary or payload contain every word of the text. */
export function filterMessages(messages: readonly InspectorMessage[], filter: MessageFilter): readonly InspectorMessage[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (filter.types.length === 0 && words.length === 0) return messages;
  return messages.filter(
    (message) => (filter.types.length === 0 || filter.types.includes(message.type)) && words.every((word) => message.searchText.includes(word)),
  );
}

/** Shows or hides one type; choosing every type is the same as choosing none (no filter). */
export function toggleType(types: readonly MessageType[], type: MessageType): MessageType[] {
  const next = types.includes(type) ? types.filter((entry) => entry !== type) : [...types, type];
  return next.length === MESSAGE_TYPES.length ? [] : next;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A broadcast payload: a JSON object, as realtime-js sends and receives it. */
export function parseBroadcastPayload(text: string): Parsed<Record<string, unknown>> {
  if (text.trim() === '') return { ok: false, error: 'Enter a JSON object, for example {"message": "hello"}' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `The payload is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'The payload must be a JSON object' };
  return { ok: true, value: value as Record<string, unknown> };
}

export function validateEventName(name: string): string | null {
  if (name.trim() === '') return 'Enter an event name';
  if (name.length > 200) return 'The event name is longer than 200 characters';
  return null;
}

/** A channel name as `supabase.channel(name)` takes it (the topic is `realtime:{name}`). */
export function validateChannelName(name: string): string | null {
  if (name.trim() === '') return 'Enter a channel name';
  if (name !== name.trim()) return 'The channel name cannot start or end with spaces';
  if (name.length > 255) return 'The channel name is longer than 255 characters';
  return null;
}

/** The message realtime-js hands the subscribe callback, as a person reads it (the server's reason, unquoted). */
export function channelErrorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  let text = raw.trim();
  if (text.startsWith('"') && text.endsWith('"')) {
    try {
      text = String(JSON.parse(text));
    } catch {
      // Not JSON after all: keep it as it came.
    }
  }
  return text || 'The channel could not be joined.';
}
