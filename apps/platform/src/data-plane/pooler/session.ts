/**
 * Session mode: the client gets a server connection of its own for as long as it stays, and after
 * login the pooler relays bytes both ways untouched. Everything a session offers works here.
 */
import type { WireTarget } from '../../engines/types.ts';
import type { LoggedIn } from './login.ts';
import { authenticationOk, backendKeyData, parameterStatus, readyForQuery } from './protocol.ts';
import { connectServer, sendCancel } from './upstream.ts';

/** Startup settings a client may choose for its own session. */
const FORWARDED = ['application_name', 'client_encoding', 'DateStyle', 'TimeZone', 'extra_float_digits', 'search_path', 'options'];

export interface ClientKey {
  processId: number;
  secretKey: number;
}

export interface SessionDeps {
  /** Registers what a cancel request with the client's key does, until the returned function is called. */
  onCancel(key: ClientKey, cancel: () => void): () => void;
  idleMs: number;
}

/** Resolves when the session ends (either side closed). */
export async function runSession(client: LoggedIn, target: WireTarget, key: ClientKey, deps: SessionDeps): Promise<void> {
  const startup: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = client.params.get(name);
    if (value !== undefined) startup[name] = value;
  }
  const server = await connectServer(target, startup);
  const unregister = deps.onCancel(key, () => sendCancel(target, server.processId, server.secretKey));
  const { socket } = client;
  socket.write(Buffer.concat([
    authenticationOk(),
    ...[...server.parameters].map(([name, value]) => parameterStatus(name, value)),
    backendKeyData(key.processId, key.secretKey),
    readyForQuery('I'),
  ]));
  if (client.rest.length > 0) server.socket.write(client.rest);
  // The client's own idle time-out: no byte either way for idleMs ends the session.
  socket.setTimeout(deps.idleMs, () => socket.destroy());
  socket.pipe(server.socket);
  server.socket.pipe(socket);
  socket.resume();
  server.socket.resume();
  await new Promise<void>((resolve) => {
    let open = 2;
    const closed = () => {
      socket.destroy();
      server.socket.destroy();
      if (--open === 0) resolve();
    };
    socket.once('close', closed);
    server.socket.once('close', closed);
  });
  unregister();
}
