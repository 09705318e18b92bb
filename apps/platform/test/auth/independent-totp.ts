import { createHmac } from 'node:crypto';

/**
 * A second TOTP implementation for tests, written separately from the service's, so a shared bug in
 * base32 or dynamic truncation cannot make the tests pass.
 */
export function independentTotp(secretBase32: string, unixSeconds = Date.now() / 1000): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bitString = [...secretBase32.replace(/=+$/, '')].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from((bitString.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Math.floor(unixSeconds / 30);
  const message = Buffer.alloc(8);
  message.writeUInt32BE(Math.floor(counter / 2 ** 32), 0);
  message.writeUInt32BE(counter % 2 ** 32, 4);
  const mac = createHmac('sha1', key).update(message).digest();
  const start = mac[19] & 0xf;
  const value = ((mac[start] & 0x7f) << 24) | (mac[start + 1] << 16) | (mac[start + 2] << 8) | mac[start + 3];
  return (value % 1_000_000).toString().padStart(6, '0');
}
