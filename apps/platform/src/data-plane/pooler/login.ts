/**
 * A client's way in, up to the moment it is authenticated: SSLRequest (TLS when the pooler has a
 * certificate), CancelRequest (forwarded, then closed), the startup packet, network restrictions,
 * SSL enforcement, the wrong-password limit, and SCRAM-SHA-256 against the project's database
 * password. User `postgres.{ref}` names the project, as on Supabase's pooler. An unknown project
 * fails exactly as a wrong password does, so refs cannot be probed. Everything here is bounded in
 * size and time: garbage or a stall ends this one connection.
 */
import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import tls from 'node:tls';
import {
  authenticationSasl, authenticationSaslContinue, authenticationSaslFinal, CANCEL_REQUEST, errorResponse, Framer, GSSENC_REQUEST,
  MAX_AUTH_MESSAGE_BYTES, MAX_STARTUP_BYTES, PROTOCOL_3, ProtocolViolation, saslInitial, SSL_REQUEST, startupParams, type Frame,
} from './protocol.ts';
import { isAllowed, type PoolerProject } from './projects.ts';
import type { FailureCount } from './rate-limit.ts';
import { ScramExchange, scramVerifier } from './scram.ts';

/** Stands in for an unknown project's password: the exchange runs the same way and fails. */
const NOBODY = scramVerifier(randomBytes(24).toString('base64'));

export interface LoginDeps {
  tls: tls.SecureContext | null;
  project(ref: string): Promise<PoolerProject | null>;
  /** Wrong passwords of this ref (or user) from this address in the current window, on every node. */
  failures(ref: string, address: string): Promise<FailureCount>;
  failed(ref: string, address: string): Promise<void>;
  /** After earlier failures only: the count starts over. */
  succeeded(ref: string, address: string): Promise<void>;
  cancel(processId: number, secretKey: number): void;
  /** A refusal worth a pgbouncer_logs entry (known projects only). */
  refused(project: PoolerProject, user: string, code: string, message: string): void;
}

export interface LoggedIn {
  socket: net.Socket;
  project: PoolerProject;
  user: string;
  /** Startup parameters worth passing on to a session-mode server (application_name, options...). */
  params: Map<string, string>;
  isTls: boolean;
  /** Bytes the client sent after its last login message (pipelined queries). */
  rest: Buffer;
}

export class LoginRefused extends Error {}

/** Reads frames from a socket as they arrive; fails on garbage, an end or the deadline. */
class FrameReader {
  private waiting: (() => void) | null = null;
  private error: Error | null = null;
  readonly framer = new Framer(true);

  constructor(private socket: net.Socket) {
    this.attach(socket);
  }

  private attach(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', this.onData);
    socket.once('close', this.onClose);
    socket.on('error', () => undefined);
  }

  detach(): net.Socket {
    this.socket.off('data', this.onData);
    this.socket.off('close', this.onClose);
    this.socket.pause();
    return this.socket;
  }

  /** After a TLS upgrade, frames come from the TLS socket. */
  replace(socket: net.Socket) {
    this.detach();
    this.attach(socket);
  }

  private onData = (chunk: Buffer) => {
    this.framer.push(chunk);
    this.wake();
  };

  private onClose = () => {
    this.error ??= new LoginRefused('client closed the connection during login');
    this.wake();
  };

  private wake() {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  async next(maxBytes: number): Promise<Frame> {
    for (;;) {
      const frame = this.framer.next(maxBytes);
      if (frame) return frame;
      if (this.error) throw this.error;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }
}

function fatal(socket: net.Socket, code: string, message: string): LoginRefused {
  socket.end(errorResponse('FATAL', code, message));
  return new LoginRefused(message);
}

/** `postgres.{ref}` -> ref (Supavisor's tenant routing); anything else names no project. */
export function refOfUser(user: string): string | null {
  const match = /^[a-z_][a-z0-9_]*\.([a-z0-9]{1,64})$/.exec(user);
  return match ? match[1] : null;
}

/**
 * Resolves once the client is authenticated for a project (it has not been sent AuthenticationOk
 * yet: the caller does that once it has a server), or null when the connection was a cancel request
 * or the client was refused (already told and closed).
 */
export async function login(raw: net.Socket, deps: LoginDeps, timeoutMs: number): Promise<LoggedIn | null> {
  let socket = raw;
  const reader = new FrameReader(socket);
  const address = raw.remoteAddress ?? '';
  // A client that stalls mid-message or never finishes logging in holds nothing for long.
  const deadline = setTimeout(() => socket.destroy(), timeoutMs);
  try {
    let isTls = false;
    let params: Map<string, string> | null = null;
    while (!params) {
      const frame = await reader.next(MAX_STARTUP_BYTES);
      if (frame.bytes.length < 8) throw fatal(socket, '08P01', 'invalid startup packet layout');
      const code = frame.bytes.readUInt32BE(4);
      if (code === SSL_REQUEST && !isTls && deps.tls && reader.framer.pendingBytes === 0) {
        socket.write('S');
        const secure = new tls.TLSSocket(reader.detach(), { isServer: true, secureContext: deps.tls });
        reader.replace(secure);
        secure.resume();
        socket = secure;
        isTls = true;
      } else if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        socket.write('N');
      } else if (code === CANCEL_REQUEST && frame.bytes.length === 16) {
        deps.cancel(frame.bytes.readInt32BE(8), frame.bytes.readInt32BE(12));
        socket.end();
        return null;
      } else if (code === PROTOCOL_3) {
        params = startupParams(frame.bytes);
      } else {
        throw fatal(socket, '0A000', `unsupported frontend protocol ${code >> 16}.${code & 0xffff}: server supports 3.0`);
      }
    }
    reader.framer.startup = false;
    const user = params.get('user') ?? '';
    const ref = refOfUser(user);
    const project = ref ? await deps.project(ref) : null;
    const failureKey = ref ?? user;
    if (project && !isAllowed(project.allowed, address)) {
      const message = `Address not in the project's allowed IP ranges (network restrictions): ${address}`;
      deps.refused(project, user, '28000', message);
      throw fatal(socket, '28000', message);
    }
    if (project?.sslEnforced && !isTls) {
      deps.refused(project, user, '28000', 'SSL connection is required');
      throw fatal(socket, '28000', 'SSL connection is required (SSL enforcement is on for this project)');
    }
    const failures = await deps.failures(failureKey, address);
    if (failures.isBlocked) {
      if (project) deps.refused(project, user, '28P01', 'too many failed password attempts');
      throw fatal(socket, '28P01', 'too many failed password attempts; try again in a minute');
    }
    const exchange = new ScramExchange(project?.verifier ?? NOBODY);
    socket.write(authenticationSasl(['SCRAM-SHA-256']));
    const initial = await reader.next(MAX_AUTH_MESSAGE_BYTES);
    if (initial.type !== 0x70 /* p */) throw fatal(socket, '08P01', 'expected SASL response');
    const { mechanism, data } = saslInitial(initial.bytes);
    if (mechanism !== 'SCRAM-SHA-256') throw fatal(socket, '28000', `unsupported SASL mechanism ${mechanism}`);
    socket.write(authenticationSaslContinue(exchange.first(data)));
    const response = await reader.next(MAX_AUTH_MESSAGE_BYTES);
    if (response.type !== 0x70) throw fatal(socket, '08P01', 'expected SASL response');
    const serverFinal = exchange.final(response.bytes.subarray(5).toString('utf8'));
    if (!serverFinal || !project) {
      await deps.failed(failureKey, address);
      if (project) deps.refused(project, user, '28P01', 'password authentication failed');
      throw fatal(socket, '28P01', `password authentication failed for user "${user}"`);
    }
    if (failures.count > 0) await deps.succeeded(failureKey, address);
    socket.write(authenticationSaslFinal(serverFinal));
    return { socket: reader.detach(), project, user, params, isTls, rest: reader.framer.drain() };
  } catch (error) {
    if (error instanceof ProtocolViolation) socket.end(errorResponse('FATAL', '08P01', `invalid message: ${error.message}`));
    if (error instanceof LoginRefused || error instanceof ProtocolViolation) {
      // Told and ended; a client that does not close its side is cut off shortly after.
      setTimeout(() => socket.destroy(), 1_000).unref();
      return null;
    }
    socket.destroy();
    throw error;
  } finally {
    clearTimeout(deadline);
  }
}
