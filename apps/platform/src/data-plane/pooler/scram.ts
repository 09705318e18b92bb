/**
 * SCRAM-SHA-256 as a server (RFC 5802/7677, the way PostgreSQL checks passwords): the pooler proves
 * nothing about the password to anyone but the client, and the password never crosses the wire.
 * A verifier (salt, stored key, server key) is computed once per password and cached by the caller,
 * since PBKDF2 is the deliberate cost of a login.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { ProtocolViolation } from './protocol.ts';

export const SCRAM_ITERATIONS = 4096;

export interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

const hmac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

export function scramVerifier(password: string, salt = randomBytes(16)): ScramVerifier {
  // SASLprep is skipped: database passwords Plinth generates and accepts are printable ASCII in practice.
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, SCRAM_ITERATIONS, 32, 'sha256');
  return { salt, iterations: SCRAM_ITERATIONS, storedKey: sha256(hmac(salted, 'Client Key')), serverKey: hmac(salted, 'Server Key') };
}

function attributes(message: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of message.split(',')) {
    const eq = part.indexOf('=');
    if (eq === 1) map.set(part[0], part.slice(2));
  }
  return map;
}

/** One exchange: first(client-first) -> server-first; final(client-final) -> server-final or null (wrong password). */
export class ScramExchange {
  private clientFirstBare = '';
  private serverFirst = '';
  private gs2Header = '';
  private nonce = '';

  constructor(private readonly verifier: ScramVerifier) {}

  first(clientFirst: string): string {
    // gs2 header: "n,," (no channel binding) or "y,," (client could bind but the server offers no -PLUS).
    const match = /^([ny]),[^,]*,(.*)$/.exec(clientFirst);
    if (!match) throw new ProtocolViolation('malformed SCRAM client-first-message');
    this.gs2Header = clientFirst.slice(0, clientFirst.length - match[2].length);
    this.clientFirstBare = match[2];
    const clientNonce = attributes(this.clientFirstBare).get('r');
    if (!clientNonce) throw new ProtocolViolation('SCRAM client-first-message without a nonce');
    this.nonce = clientNonce + randomBytes(18).toString('base64');
    this.serverFirst = `r=${this.nonce},s=${this.verifier.salt.toString('base64')},i=${this.verifier.iterations}`;
    return this.serverFirst;
  }

  final(clientFinal: string): string | null {
    const proofAt = clientFinal.lastIndexOf(',p=');
    if (proofAt < 0) throw new ProtocolViolation('SCRAM client-final-message without a proof');
    const withoutProof = clientFinal.slice(0, proofAt);
    const attrs = attributes(withoutProof);
    if (attrs.get('r') !== this.nonce || attrs.get('c') !== Buffer.from(this.gs2Header).toString('base64')) return null;
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64');
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    const signature = hmac(this.verifier.storedKey, authMessage);
    if (proof.length !== signature.length) return null;
    const clientKey = Buffer.alloc(proof.length);
    for (let i = 0; i < proof.length; i++) clientKey[i] = proof[i] ^ signature[i];
    if (!timingSafeEqual(sha256(clientKey), this.verifier.storedKey)) return null;
    return `v=${hmac(this.verifier.serverKey, authMessage).toString('base64')}`;
  }
}
