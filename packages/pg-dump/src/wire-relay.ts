/**
 * The server side of the wasm pg_dump's connection. `pg` connects and authenticates; the socket is
 * then taken over. The wasm's SSL request and start-up are answered here (no TLS inside: the real
 * connection already has whatever the server wanted); every later request goes to the server, and
 * its answer is collected up to ReadyForQuery, which ends the answer to each Query or Sync.
 */
import type { Socket } from 'node:net';
import pg from 'pg';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const PROTOCOL_3 = 196608;
/** Frontend messages the server answers up to ReadyForQuery (Query, Sync, FunctionCall). */
const ANSWERED = new Set(['Q', 'S', 'F']);

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const cString = (text: string) => Buffer.from(`${text}\0`, 'utf8');

/** The types of the complete messages in `data`, and whether it ends on a message boundary. */
function messageTypes(data: Buffer): { types: string[]; isWhole: boolean } {
  const types: string[] = [];
  let offset = 0;
  while (data.length - offset >= 5) {
    const length = data.readInt32BE(offset + 1);
    if (length < 4) throw new Error('pg_dump relay: a message with an impossible length; the stream is out of step');
    if (data.length - offset < 1 + length) break;
    types.push(String.fromCharCode(data[offset]));
    offset += 1 + length;
  }
  return { types, isWhole: offset === data.length };
}

export class WireRelay {
  private readonly parameters = new Map<string, string>();
  private socket: Socket | null = null;
  private received = Buffer.alloc(0);
  private waiting: { resolve: (answer: Buffer) => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly client: pg.Client) {}

  async connect(): Promise<void> {
    const connection = (this.client as unknown as { connection: { on(event: string, fn: (m: { parameterName: string; parameterValue: string }) => void): void; stream: Socket } }).connection;
    connection.on('parameterStatus', (m) => this.parameters.set(m.parameterName, m.parameterValue));
    this.client.on('error', () => undefined); // failures reach the waiting request instead
    await this.client.connect();
    const socket = connection.stream;
    // From here the bytes are the wasm's: pg's parser lets go of the socket.
    socket.removeAllListeners('data');
    socket.on('data', (data: Buffer) => this.onData(data));
    socket.on('close', this.onClose);
    this.socket = socket;
  }

  /** Sends one request of the wasm's and resolves with the server's whole answer to it. */
  send(request: Buffer): Promise<Buffer> {
    const code = request.length >= 8 ? request.readInt32BE(4) : 0;
    if (request.length === 8 && (code === SSL_REQUEST || code === GSSENC_REQUEST)) return Promise.resolve(Buffer.from('N'));
    if (code === PROTOCOL_3 && request.readInt32BE(0) === request.length) return Promise.resolve(this.startupAnswer());
    const { types } = messageTypes(request);
    if (types.includes('X')) return Promise.resolve(Buffer.alloc(0)); // Terminate: close() ends the real connection
    const socket = this.socket;
    if (!socket) return Promise.reject(new Error('not connected'));
    if (!types.some((type) => ANSWERED.has(type))) {
      socket.write(request);
      return Promise.resolve(Buffer.alloc(0));
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(request);
    });
  }

  /** What a server answers a start-up that needs no password, from what the real server said. */
  private startupAnswer(): Buffer {
    const parts = [message('R', Buffer.from([0, 0, 0, 0]))];
    for (const [name, value] of this.parameters) parts.push(message('S', Buffer.concat([cString(name), cString(value)])));
    const key = Buffer.alloc(8);
    // What pg read from the server's BackendKeyData; the wasm never cancels, so only the shape matters.
    const { processID, secretKey } = this.client as unknown as { processID?: number; secretKey?: number };
    key.writeInt32BE(processID ?? 0, 0);
    key.writeInt32BE(secretKey ?? 0, 4);
    parts.push(message('K', key), message('Z', Buffer.from('I')));
    return Buffer.concat(parts);
  }

  private onData(data: Buffer): void {
    this.received = Buffer.concat([this.received, data]);
    const { types, isWhole } = messageTypes(this.received);
    if (!this.waiting || !isWhole || types.at(-1) !== 'Z') return;
    const answer = this.received;
    this.received = Buffer.alloc(0);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(answer);
  }

  private readonly onClose = () => {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(new Error('the server closed the connection during the dump'));
  };

  async close(): Promise<void> {
    this.socket?.off('close', this.onClose);
    // pg's own end(): it sends Terminate and resolves when the socket closes.
    await this.client.end().catch(() => undefined);
  }
}
