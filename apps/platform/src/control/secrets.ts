import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Keys derived from one master secret: PLINTH_SECRET, or a key file generated in the data directory
 * on first start. Several platform nodes must share PLINTH_SECRET.
 */
export class Secrets {
  private readonly master: Buffer;

  constructor(master: Buffer) {
    this.master = master;
  }

  static load(dataDir: string, secret: string | undefined): Secrets {
    if (secret) return new Secrets(Buffer.from(secret, 'utf8'));
    const file = path.join(dataDir, 'secret.key');
    try {
      return new Secrets(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
    } catch {
      mkdirSync(dataDir, { recursive: true });
      const key = randomBytes(32);
      writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      return new Secrets(key);
    }
  }

  /** A purpose-bound key, so the JWT secret and the encryption key are independent. */
  derive(purpose: string, length = 32): Buffer {
    return Buffer.from(hkdfSync('sha256', this.master, 'plinth', purpose, length));
  }

  /** The secret that signs dashboard sessions. */
  platformJwtSecret(): string {
    return this.derive('platform-jwt').toString('base64url');
  }

  /** AES-256-GCM, output `v1.iv.tag.ciphertext` in base64url. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.derive('at-rest'), iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unreadable encrypted secret');
    const decipher = createDecipheriv('aes-256-gcm', this.derive('at-rest'), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
