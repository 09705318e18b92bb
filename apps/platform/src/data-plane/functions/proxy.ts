/**
 * The relay's two ways to a worker: an HTTP request proxied with both bodies streamed, and a
 * websocket (or other) upgrade tunnelled byte for byte once the function accepts it. Neither knows
 * about pools or limits beyond being told when to give up: runtime.ts decides that.
 */
import http, { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { pipeline, type Duplex, type Readable } from 'node:stream';

export interface InvokeRequest {
  method: string;
  /** The path the function sees (`/{slug}/...`) with its query string. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Readable | undefined;
}

export interface InvokeResult {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Readable | string;
  /** The worker that answered (its log entries' execution_id), when one did. */
  executionId?: string;
}

/** A request to switch protocols, with the client's socket (taken over from the HTTP server) and what it sent after the head. */
export interface UpgradeRequest {
  path: string;
  headers: IncomingHttpHeaders;
  socket: Duplex;
  head: Buffer;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/** The relay's own answers, in Supabase's shape, marked so callers can tell them from the function's. */
export function relayError(status: number, code: string | number, message: string): InvokeResult {
  return { status, headers: { 'content-type': 'application/json', 'x-relay-error': 'true' }, body: JSON.stringify({ code, message }) };
}

export function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) result[name] = value;
  return result;
}

export interface ProxyOptions {
  port: number;
  agent: http.Agent;
  wallClockMs: number;
  /** Over the wall-clock limit: the worker is to be stopped. */
  onWallClock(): void;
  /** The worker failed the request (connection refused or reset): what to answer, once it is known why. */
  onFailure(error: NodeJS.ErrnoException): Promise<InvokeResult>;
  /** The request is over (response body finished or abandoned, or it failed): called once. */
  onDone(): void;
}

export function proxyRequest(request: InvokeRequest, options: ProxyOptions): Promise<InvokeResult> {
  return new Promise<InvokeResult>((resolve) => {
    let isAnswered = false;
    let isDone = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      options.onDone();
    };
    const answer = (result: InvokeResult) => {
      if (isAnswered) return;
      isAnswered = true;
      resolve(result);
    };
    const upstream = http.request({
      host: '127.0.0.1', port: options.port, method: request.method, path: request.path, agent: options.agent,
      headers: withoutHopByHop(request.headers),
    }, (response) => {
      response.once('close', done);
      answer({ status: response.statusCode ?? 502, headers: withoutHopByHop(response.headers), body: response });
    });
    const timer = setTimeout(() => {
      // Over the wall-clock limit: the worker is stopped, as Supabase's runtime does.
      options.onWallClock();
      upstream.destroy(new Error('wall-clock limit'));
      answer(relayError(546, 'WORKER_LIMIT', 'Function failed due to not having enough compute resources (please check logs)'));
      done();
    }, options.wallClockMs);
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (isAnswered) return done();
      void options.onFailure(error).then((result) => {
        answer(result);
        done();
      });
    });
    if (request.body) pipeline(request.body, upstream, () => undefined);
    else upstream.end();
  });
}

/** Writes an HTTP response on a socket the HTTP server no longer manages (an upgrade the relay refuses), then closes it. */
export function writeRawResponse(socket: Duplex, result: InvokeResult, rawHeaders?: string[]): void {
  const lines = [`HTTP/1.1 ${result.status} ${STATUS_CODES[result.status] ?? ''}`];
  if (rawHeaders) {
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) lines.push(`${rawHeaders[i]}: ${rawHeaders[i + 1]}`);
  } else {
    for (const [name, value] of Object.entries(result.headers)) {
      for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) lines.push(`${name}: ${String(item)}`);
    }
  }
  lines.push('connection: close');
  if (typeof result.body === 'string') {
    lines.push(`content-length: ${Buffer.byteLength(result.body)}`);
    socket.end(`${lines.join('\r\n')}\r\n\r\n${result.body}`);
    return;
  }
  // The function's own answer of unknown length: its body until it ends, then the connection closes.
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  pipeline(result.body, socket, () => socket.destroy());
}

export interface TunnelOptions {
  port: number;
  /**
   * The worker failed the upgrade: what to answer, once it is known why; or null when the client's
   * socket has been handed to another attempt (then onDone gets status 0).
   */
  onFailure(error: NodeJS.ErrnoException): Promise<InvokeResult | null>;
  /** The connection is over (closed by either side, refused or failed): called once, with the status the client got. */
  onDone(status: number): void;
}

/**
 * Sends the upgrade request to the worker with all of its headers (Connection and Upgrade are what
 * it is about). On 101 the worker's answer head goes to the client and the two sockets are piped
 * into each other until either closes; any other answer is passed back as an HTTP response.
 */
export function tunnelUpgrade(request: UpgradeRequest, options: TunnelOptions): void {
  const client = request.socket;
  let isDone = false;
  let status = 0;
  const done = () => {
    if (isDone) return;
    isDone = true;
    options.onDone(status);
  };
  client.on('error', () => client.destroy());
  const upstream = http.request({ host: '127.0.0.1', port: options.port, method: 'GET', path: request.path, headers: request.headers, agent: false });
  upstream.once('upgrade', (response: IncomingMessage, socket: Duplex, head: Buffer) => {
    status = 101;
    const lines = [`HTTP/1.1 101 ${response.statusMessage ?? 'Switching Protocols'}`];
    for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
    client.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) client.write(head);
    if (request.head.length > 0) socket.write(request.head);
    socket.on('error', () => socket.destroy());
    // Either side closing (the worker stopping too) closes the other.
    socket.once('close', () => {
      client.destroy();
      done();
    });
    client.once('close', () => socket.destroy());
    socket.pipe(client);
    client.pipe(socket);
  });
  upstream.once('response', (response) => {
    status = response.statusCode ?? 502;
    writeRawResponse(client, { status, headers: {}, body: response }, response.rawHeaders);
    response.once('close', done);
  });
  let isHandedOff = false;
  upstream.once('error', (error: NodeJS.ErrnoException) => {
    if (status !== 0) return done();
    void options.onFailure(error).then((result) => {
      if (result) {
        status = result.status;
        writeRawResponse(client, result);
      } else {
        isHandedOff = true;
      }
      done();
    });
  });
  // A client that leaves before the function answers.
  client.once('close', () => {
    if (status === 0 && !isHandedOff) upstream.destroy();
  });
  upstream.end();
}
