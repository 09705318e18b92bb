/**
 * The few Postgres wire-protocol pieces the pooler writes or frames itself (protocol 3.0, see the
 * "Message Formats" chapter of the PostgreSQL docs). Upstream handshakes use pg-protocol's
 * serializer and parser; this file frames the client's messages (startup packets have no type byte)
 * and builds the backend messages the pooler answers with before a server is involved.
 */

export const PROTOCOL_3 = 196608;
export const SSL_REQUEST = 80877103;
export const GSSENC_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;
/** A startup packet is small (user, database, a few settings); anything larger is not a client. */
export const MAX_STARTUP_BYTES = 10_000;
/** Before authentication, messages are password or SASL exchanges: a few hundred bytes. */
export const MAX_AUTH_MESSAGE_BYTES = 10_000;

/** One framed message: its type byte (0 for startup packets) and the whole message's bytes. */
export interface Frame {
  type: number;
  bytes: Buffer;
}

/**
 * Splits a byte stream into messages. `startup` frames length-prefixed packets without a type
 * byte. Throws on a length no message can have, so garbage ends the connection, not the process.
 */
export class Framer {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(public startup = true) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
  }

  /** Bytes received but not yet framed (a message still arriving). */
  get pendingBytes(): number {
    return this.buffer.length;
  }

  /** The next whole message, or null while it is incomplete. */
  next(maxBytes: number): Frame | null {
    const header = this.startup ? 4 : 5;
    if (this.buffer.length < header) return null;
    const length = this.buffer.readUInt32BE(header - 4);
    if (length < 4 || length + header - 4 > maxBytes) throw new ProtocolViolation(`invalid message length ${length}`);
    const total = length + header - 4;
    if (this.buffer.length < total) return null;
    const bytes = this.buffer.subarray(0, total);
    this.buffer = this.buffer.subarray(total);
    return { type: this.startup ? 0 : bytes[0], bytes };
  }

  /** Whatever is left unframed (handed on when the pooler starts relaying bytes as they are). */
  drain(): Buffer {
    const rest = this.buffer;
    this.buffer = Buffer.alloc(0);
    return rest;
  }
}

export class ProtocolViolation extends Error {}

/** A startup packet's parameters (user, database, application_name, options...). */
export function startupParams(packet: Buffer): Map<string, string> {
  const params = new Map<string, string>();
  const parts = packet.subarray(8).toString('utf8').split('\0');
  for (let i = 0; i + 1 < parts.length && parts[i] !== ''; i += 2) params.set(parts[i], parts[i + 1]);
  return params;
}

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

const cstring = (s: string) => Buffer.from(`${s}\0`, 'utf8');

export const authenticationOk = () => message('R', int32(0));
export const authenticationSasl = (mechanisms: string[]) => message('R', Buffer.concat([int32(10), ...mechanisms.map(cstring), Buffer.from([0])]));
export const authenticationSaslContinue = (data: string) => message('R', Buffer.concat([int32(11), Buffer.from(data, 'utf8')]));
export const authenticationSaslFinal = (data: string) => message('R', Buffer.concat([int32(12), Buffer.from(data, 'utf8')]));
export const parameterStatus = (name: string, value: string) => message('S', Buffer.concat([cstring(name), cstring(value)]));
export const backendKeyData = (processId: number, secretKey: number) => message('K', Buffer.concat([int32(processId), int32(secretKey)]));
export const readyForQuery = (status: 'I' | 'T' | 'E') => message('Z', Buffer.from(status, 'latin1'));

/** An ErrorResponse (severity FATAL ends the connection, as the server's own would). */
export function errorResponse(severity: 'ERROR' | 'FATAL', code: string, text: string): Buffer {
  const field = (tag: string, value: string) => Buffer.concat([Buffer.from(tag, 'latin1'), cstring(value)]);
  return message('E', Buffer.concat([field('S', severity), field('V', severity), field('C', code), field('M', text), Buffer.from([0])]));
}

/** The request to cancel a backend's running query (sent on a connection of its own). */
export function cancelRequest(processId: number, secretKey: number): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32BE(16, 0);
  b.writeUInt32BE(CANCEL_REQUEST, 4);
  b.writeInt32BE(processId, 8);
  b.writeInt32BE(secretKey, 12);
  return b;
}

/** A SASLInitialResponse's mechanism and data, or a SASLResponse's data ('p' messages). */
export function saslInitial(frame: Buffer): { mechanism: string; data: string } {
  const body = frame.subarray(5);
  const end = body.indexOf(0);
  if (end < 0 || body.length < end + 5) throw new ProtocolViolation('malformed SASLInitialResponse');
  const length = body.readInt32BE(end + 1);
  const data = length < 0 ? '' : body.subarray(end + 5, end + 5 + length).toString('utf8');
  return { mechanism: body.subarray(0, end).toString('utf8'), data };
}
