/**
 * Where a resumable (TUS) upload waits until it is complete: in the platform's object store (S3 for
 * a fleet), not on a node's disk, so each chunk may reach any node behind the load balancer.
 *
 * An upload is an `info.json` object (its size, offset, metadata, and the offsets its parts start
 * at) and one object per chunk received, under `_resumable/{day}/{id}/`. A chunk is stored whole or
 * not at all (ObjectStore.put), so a dropped connection leaves the offset where the last complete
 * chunk ended and the client resumes from there. The day an upload was created is part of its id
 * and of its keys, so expired uploads go by whole days with deletePrefix, without listing anything.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
// @tus/server re-exports @tus/utils, its own dependency.
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { ObjectStore } from './object-stores/index.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Days before the newest expired one that a sweep also clears, should no node have swept for a while. */
const SWEEP_LOOKBACK_DAYS = 7;

interface UploadInfo {
  size?: number;
  offset: number;
  metadata?: Record<string, string | null>;
  creation_date: string;
  /** The offset each stored part starts at, in order. */
  parts: number[];
}

/** The 32 hex digits of an upload id: the creation day (8, days since the epoch) and 24 random ones. */
export function newUploadSuffix(now = Date.now()): string {
  return Math.floor(now / DAY_MS).toString(16).padStart(8, '0') + randomBytes(12).toString('hex');
}

function dayOf(id: string): number {
  const day = parseInt(id.slice(-32, -24), 16);
  if (!/^[a-z]{20}_[0-9a-f]{32}$/.test(id) || !Number.isSafeInteger(day)) throw ERRORS.FILE_NOT_FOUND;
  return day;
}

const dayPrefix = (day: number) => `_resumable/${day}`;
const uploadPrefix = (id: string) => `${dayPrefix(dayOf(id))}/${id}`;
const infoKey = (id: string) => `${uploadPrefix(id)}/info.json`;
const partKey = (id: string, offset: number) => `${uploadPrefix(id)}/part-${offset}`;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class ObjectStoreTusStore extends DataStore {
  constructor(private readonly objects: ObjectStore, private readonly expirationMs: number) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  private async info(id: string): Promise<UploadInfo> {
    const found = await this.objects.get(infoKey(id));
    if (!found) throw ERRORS.FILE_NOT_FOUND;
    return JSON.parse((await readAll(found.body)).toString('utf8')) as UploadInfo;
  }

  private async saveInfo(id: string, info: UploadInfo): Promise<void> {
    await this.objects.put(infoKey(id), Readable.from([Buffer.from(JSON.stringify(info))]), { contentType: 'application/json' });
  }

  override async create(upload: Upload): Promise<Upload> {
    const creationDate = upload.creation_date ?? new Date().toISOString();
    await this.saveInfo(upload.id, { size: upload.size, offset: 0, metadata: upload.metadata, creation_date: creationDate, parts: [] });
    upload.creation_date = creationDate;
    return upload;
  }

  override async write(body: Readable, id: string, offset: number): Promise<number> {
    const info = await this.info(id);
    if (offset !== info.offset) throw ERRORS.INVALID_OFFSET;
    let stored: number;
    try {
      stored = (await this.objects.put(partKey(id, offset), body, { contentType: 'application/octet-stream' })).size;
    } catch {
      // Nothing of a broken chunk is kept: the client asks for the offset and sends it again.
      throw ERRORS.FILE_WRITE_ERROR;
    }
    if (stored === 0) return info.offset;
    await this.saveInfo(id, { ...info, offset: offset + stored, parts: [...info.parts, offset] });
    return offset + stored;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    return new Upload({ id, size: info.size, offset: info.offset, metadata: info.metadata, creation_date: info.creation_date });
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    await this.saveInfo(id, { ...(await this.info(id)), size });
  }

  override async remove(id: string): Promise<void> {
    await this.objects.deletePrefix(uploadPrefix(id));
  }

  /** The whole upload, its parts one after another. */
  async read(id: string): Promise<Readable> {
    const { parts } = await this.info(id);
    const objects = this.objects;
    return Readable.from((async function* () {
      for (const offset of parts) {
        const part = await objects.get(partKey(id, offset));
        if (!part) throw ERRORS.FILE_NO_LONGER_EXISTS;
        yield* part.body;
      }
    })());
  }

  /** Clears whole days whose every upload has expired; the count of uploads is not known without listing. */
  override async deleteExpired(): Promise<number> {
    const newestExpired = Math.floor((Date.now() - this.expirationMs) / DAY_MS) - 1;
    for (let day = newestExpired; day > newestExpired - SWEEP_LOOKBACK_DAYS; day--) await this.objects.deletePrefix(dayPrefix(day));
    return 0;
  }

  override getExpiration(): number {
    return this.expirationMs;
  }
}
