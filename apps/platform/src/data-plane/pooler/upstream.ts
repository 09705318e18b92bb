/**
 * Logging in to a project's server as a client: a socket (TCP, or the local cluster's Unix socket),
 * the startup packet, then whichever authentication the server asks for (trust, cleartext, MD5,
 * SCRAM-SHA-256 through pg's own SCRAM client), up to the first ReadyForQuery. What comes after is
 * relayed as bytes; the handshake's ParameterStatus and BackendKeyData are kept to replay to clients
 * and to forward cancel requests.
 */
/// <reference path="./pg-sasl.d.ts" />
import { createHash } from 'node:crypto';
import net from 'node:net';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser.js';
import * as sasl from 'pg/lib/crypto/sasl.js';
import type { WireTarget } from '../../engines/types.ts';
import { cancelRequest } from './protocol.ts';

export interface ServerConnection {
  socket: net.Socket;
  /** The server's ParameterStatus values at login (server_version, client_encoding, ...). */
  parameters: Map<string, string>;
  processId: number;
  secretKey: number;
}

const CONNECT_TIMEOUT_MS = 10_000;

function socketOptions(target: Pick<WireTarget, 'host' | 'port'>): net.NetConnectOpts {
  return target.host.startsWith('/') ? { path: `${target.host}/.s.PGSQL.${target.port}` } : { host: target.host, port: target.port };
}

/** A server-side error during login, with the server's SQLSTATE (relayed to the client as is). */
export class UpstreamError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

export function connectServer(target: WireTarget, startup: Record<string, string>): Promise<ServerConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketOptions(target));
    socket.setNoDelay(true);
    const parameters = new Map<string, string>();
    let processId = 0;
    let secretKey = 0;
    let session: ReturnType<typeof sasl.startSession> | null = null;
    const parser = new Parser();
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new UpstreamError('timed out connecting to the project database', '08006')), CONNECT_TIMEOUT_MS);
    const password = () => {
      if (target.password === null) throw new UpstreamError('the project database asked for a password', '28P01');
      return target.password;
    };
    const onData = (chunk: Buffer) => {
      parser.parse(chunk, (msg) => {
        void (async () => {
          const m = msg as unknown as Record<string, unknown> & { name: string };
          switch (m.name) {
            case 'authenticationCleartextPassword':
              socket.write(serialize.password(password()));
              break;
            case 'authenticationMD5Password': {
              const md5 = (s: string | Buffer) => createHash('md5').update(s).digest('hex');
              const inner = md5(password() + target.user);
              socket.write(serialize.password(`md5${md5(Buffer.concat([Buffer.from(inner), m.salt as Buffer]))}`));
              break;
            }
            case 'authenticationSASL':
              session = sasl.startSession(m.mechanisms as string[]);
              socket.write(serialize.sendSASLInitialResponseMessage(session.mechanism, session.response));
              break;
            case 'authenticationSASLContinue':
              await sasl.continueSession(session!, password(), m.data as string);
              socket.write(serialize.sendSCRAMClientFinalMessage(session!.response));
              break;
            case 'authenticationSASLFinal':
              sasl.finalizeSession(session!, m.data as string);
              break;
            case 'parameterStatus':
              parameters.set(m.parameterName as string, m.parameterValue as string);
              break;
            case 'backendKeyData':
              processId = m.processID as number;
              secretKey = m.secretKey as number;
              break;
            case 'error':
              fail(new UpstreamError(String(m.message), String(m.code ?? '08006')));
              break;
            case 'readyForQuery':
              clearTimeout(timer);
              // Paused until the caller listens, so no byte after the handshake is lost.
              socket.pause();
              socket.off('data', onData);
              socket.off('error', fail);
              // An error after the handshake shows as 'close' to whoever relays; never an uncaught one.
              socket.on('error', () => undefined);
              resolve({ socket, parameters, processId, secretKey });
              break;
          }
        })().catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
      });
    };
    socket.on('data', onData);
    socket.on('error', fail);
    socket.once('connect', () => socket.write(serialize.startup({ ...startup, user: target.user, database: target.database })));
  });
}

/** Forwards a cancel request to the server a client's query runs on (a connection of its own, as the protocol wants). */
export function sendCancel(target: Pick<WireTarget, 'host' | 'port'>, processId: number, secretKey: number): void {
  const socket = net.connect(socketOptions(target));
  socket.on('error', () => undefined);
  socket.setTimeout(5_000, () => socket.destroy());
  socket.once('connect', () => socket.end(cancelRequest(processId, secretKey)));
}
