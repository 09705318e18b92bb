/**
 * Phoenix channel frames as realtime-js writes and reads them.
 * - vsn 1.0.0: JSON objects `{join_ref, ref, topic, event, payload}`.
 * - vsn 2.0.0: JSON arrays `[join_ref, ref, topic, event, payload]`, and binary broadcast frames:
 *   kind 3 (client push: kind, join_ref/ref/topic/event/metadata lengths, payload encoding, the
 *   fields, then the payload) and kind 4 (server broadcast: kind, topic/event/metadata lengths,
 *   payload encoding, the fields, then the payload). Payload encoding 0 is raw bytes, 1 is JSON.
 * Pure: no sockets here.
 */
export type Vsn = '1.0.0' | '2.0.0';

export const VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast's content, kept as it travels: JSON text (parsed once to check it) or bytes. */
export interface BroadcastBody {
  event: string;
  /** The payload as JSON text; absent for a binary payload. */
  json?: string;
  binary?: Buffer;
  /** Frame metadata (`meta` in realtime-js: the id of a database message). */
  meta?: Record<string, unknown>;
}

export type Decoded = { message: Message; broadcast?: BroadcastBody } | { error: string; ref: string | null; topic: string | null };

const KIND_PUSH = 3;
const KIND_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const asRef = (value: unknown): string | null | undefined =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** A text frame; every malformed one is an error naming what it could read, never a throw. */
export function decodeText(text: string, vsn: Vsn): Decoded {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'malformed message: not JSON', ref: null, topic: null };
  }
  let fields: [unknown, unknown, unknown, unknown, unknown];
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return { error: 'malformed message: expected [join_ref, ref, topic, event, payload]', ref: null, topic: null };
    fields = parsed as typeof fields;
  } else {
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { error: 'malformed message: expected {topic, event, payload, ref}', ref: null, topic: null };
    const o = parsed as Record<string, unknown>;
    fields = [o.join_ref, o.ref, o.topic, o.event, o.payload];
  }
  const [joinRef, ref, topic, event, payload] = fields;
  const okRef = asRef(ref);
  const okTopic = typeof topic === 'string' ? topic : null;
  const okJoinRef = asRef(joinRef);
  if (okRef === undefined || okJoinRef === undefined) return { error: 'malformed message: refs must be strings', ref: null, topic: okTopic };
  if (okTopic === null || typeof event !== 'string') return { error: 'malformed message: topic and event must be strings', ref: okRef, topic: okTopic };
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    return { error: 'malformed message: payload must be an object', ref: okRef, topic: okTopic };
  }
  return { message: { joinRef: okJoinRef, ref: okRef, topic: okTopic, event, payload } };
}

/** A binary frame: only kind 3 (a client's broadcast push) is accepted. */
export function decodeBinary(buffer: Buffer): Decoded {
  if (buffer.length < 7 || buffer[0] !== KIND_PUSH) return { error: 'malformed message: unknown binary frame kind', ref: null, topic: null };
  const lengths = [buffer[1], buffer[2], buffer[3], buffer[4], buffer[5]];
  const encoding = buffer[6];
  let offset = 7;
  const fields: string[] = [];
  for (const length of lengths) {
    if (offset + length > buffer.length) return { error: 'malformed message: binary frame too short', ref: null, topic: null };
    fields.push(buffer.toString('utf8', offset, offset + length));
    offset += length;
  }
  const [joinRef, ref, topic, event, metadata] = fields;
  const body = buffer.subarray(offset);
  const broadcast: BroadcastBody = { event };
  if (metadata !== '') {
    try {
      const meta = JSON.parse(metadata) as unknown;
      if (meta && typeof meta === 'object' && !Array.isArray(meta)) broadcast.meta = meta as Record<string, unknown>;
    } catch {
      return { error: 'malformed message: metadata is not JSON', ref: ref || null, topic };
    }
  }
  if (encoding === ENCODING_JSON) {
    const json = body.toString('utf8');
    try {
      JSON.parse(json);
    } catch {
      return { error: 'malformed message: payload is not JSON', ref: ref || null, topic };
    }
    broadcast.json = json;
  } else if (encoding === ENCODING_BINARY) {
    broadcast.binary = Buffer.from(body);
  } else {
    return { error: 'malformed message: unknown payload encoding', ref: ref || null, topic };
  }
  const message: Message = { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: { type: 'broadcast', event } };
  return { message, broadcast };
}

/** A JSON frame in the socket's version. */
export function encode(vsn: Vsn, message: Message): string {
  const { joinRef, ref, topic, event, payload } = message;
  return vsn === '2.0.0'
    ? JSON.stringify([joinRef, ref, topic, event, payload])
    : JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
}

const serializedChanges = new WeakMap<object, string>();

/**
 * A `postgres_changes` frame. The change's data is serialized once, however many subscribers it
 * goes to (the feed hands them all the same object): only the topic and ids differ between frames.
 */
export function encodeChange(vsn: Vsn, topic: string, ids: number[], data: object): string {
  let json = serializedChanges.get(data);
  if (json === undefined) serializedChanges.set(data, (json = JSON.stringify(data)));
  const payload = `{"ids":${JSON.stringify(ids)},"data":${json}}`;
  const quotedTopic = JSON.stringify(topic);
  return vsn === '2.0.0'
    ? `[null,null,${quotedTopic},"postgres_changes",${payload}]`
    : `{"join_ref":null,"ref":null,"topic":${quotedTopic},"event":"postgres_changes","payload":${payload}}`;
}

export function reply(message: Pick<Message, 'joinRef' | 'ref' | 'topic'>, status: 'ok' | 'error', response: unknown): Message {
  return { joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } };
}

/** The broadcast as JSON (`{type, event, payload, meta?}`), for vsn 1.0.0 and for fields too long for a binary frame. */
function broadcastJson(vsn: Vsn, topic: string, body: BroadcastBody): string | null {
  if (body.json === undefined) return null;
  const meta = body.meta ? `,"meta":${JSON.stringify(body.meta)}` : '';
  const payload = `{"type":"broadcast","event":${JSON.stringify(body.event)},"payload":${body.json}${meta}}`;
  const quotedTopic = JSON.stringify(topic);
  return vsn === '2.0.0'
    ? `[null,null,${quotedTopic},"broadcast",${payload}]`
    : `{"join_ref":null,"ref":null,"topic":${quotedTopic},"event":"broadcast","payload":${payload}}`;
}

function broadcastBinary(topic: string, body: BroadcastBody): Buffer | null {
  const topicBytes = Buffer.from(topic);
  const eventBytes = Buffer.from(body.event);
  const metaBytes = Buffer.from(body.meta ? JSON.stringify(body.meta) : '');
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) return null;
  const payload = body.binary ?? Buffer.from(body.json ?? '{}');
  const header = Buffer.from([KIND_BROADCAST, topicBytes.length, eventBytes.length, metaBytes.length, body.binary ? ENCODING_BINARY : ENCODING_JSON]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, payload]);
}

/**
 * The frames of one broadcast on one topic, made once for all its receivers: vsn 2.0.0 sockets get a
 * binary kind-4 frame, vsn 1.0.0 sockets JSON (a raw-bytes payload has no JSON form: they get none).
 */
export class BroadcastFrames {
  private v1: string | null | undefined;
  private v2: Buffer | string | null | undefined;

  constructor(
    readonly topic: string,
    readonly body: BroadcastBody,
  ) {}

  frame(vsn: Vsn): string | Buffer | null {
    if (vsn === '1.0.0') return (this.v1 ??= broadcastJson('1.0.0', this.topic, this.body));
    return (this.v2 ??= broadcastBinary(this.topic, this.body) ?? broadcastJson('2.0.0', this.topic, this.body));
  }

  /** Bytes of the user payload, for size limits. */
  get size(): number {
    return this.body.binary?.length ?? Buffer.byteLength(this.body.json ?? '');
  }
}
