/**
 * The two places a project's files can live, held to one contract: the local disk and an S3 service
 * (a real S3-protocol server in its own process). Bodies stream in and out, ranges read exactly their
 * bytes, a failed write leaves nothing, and no key reaches outside its prefix.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore, S3Store, type ObjectStore } from '../../src/data-plane/storage/object-stores/index.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';

const MB = 1024 * 1024;

/** `size` bytes of a repeatable pattern, produced chunk by chunk (never whole in memory). */
function patternStream(size: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('the client went away'));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const length = Math.min(256 * 1024, size - sent);
      const chunk = Buffer.alloc(length);
      for (let i = 0; i < length; i++) chunk[i] = (sent + i) % 251;
      sent += length;
      this.push(chunk);
    },
  });
}

function patternBytes(start: number, end: number): Buffer {
  const bytes = Buffer.alloc(end - start + 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (start + i) % 251;
  return bytes;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(['file', 's3'] as const)('the %s object store', (kind) => {
  let store: ObjectStore;
  let dir: string;
  let s3: S3Server | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plinth-store-'));
    if (kind === 'file') {
      store = new FileStore(dir);
    } else {
      s3 = await startS3Server();
      store = new S3Store({ endpoint: s3.endpoint, region: 'us-east-1', bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true });
    }
  });

  afterAll(async () => {
    if (store instanceof S3Store) store.close();
    await s3?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('streams a 20 MB body in and out, whole and by ranges', async () => {
    const size = 20 * MB + 123;
    const written = await store.put('ref/bucket/videos/clip.bin', patternStream(size), { contentType: 'application/octet-stream' });
    expect(written.size).toBe(size);
    expect(written.etag).toMatch(/^"[0-9a-f]{32}(-\d+)?"$/);
    expect(await store.head('ref/bucket/videos/clip.bin')).toMatchObject({ size });

    const whole = await store.get('ref/bucket/videos/clip.bin');
    const bytes = await readAll(whole!.body);
    expect(bytes.length).toBe(size);
    expect(createHash('md5').update(bytes).digest('hex')).toBe(createHash('md5').update(patternBytes(0, size - 1)).digest('hex'));

    const middle = await store.get('ref/bucket/videos/clip.bin', { start: 10 * MB, end: 10 * MB + 99 });
    expect(await readAll(middle!.body)).toEqual(patternBytes(10 * MB, 10 * MB + 99));
    expect(middle!.object.size).toBe(size);
    const tail = await store.get('ref/bucket/videos/clip.bin', { start: size - 5 });
    expect(await readAll(tail!.body)).toEqual(patternBytes(size - 5, size - 1));
  });

  it('leaves nothing of a write whose body fails midway, and keeps what was there before', async () => {
    await store.put('ref/bucket/doc.txt', Readable.from([Buffer.from('first version')]), { contentType: 'text/plain' });
    await expect(store.put('ref/bucket/doc.txt', patternStream(12 * MB, 9 * MB), { contentType: 'text/plain' })).rejects.toThrow();
    expect(await readAll((await store.get('ref/bucket/doc.txt'))!.body)).toEqual(Buffer.from('first version'));
    await expect(store.put('ref/bucket/never.bin', patternStream(12 * MB, 1 * MB), { contentType: 'application/octet-stream' })).rejects.toThrow();
    expect(await store.head('ref/bucket/never.bin')).toBeNull();
    if (kind === 'file') expect(await readdir(join(dir, '.staging'))).toEqual([]);
  });

  it('copies, deletes (a missing key is no error) and removes a whole prefix but nothing beside it', async () => {
    await store.put('ref/photos/a/one.txt', Readable.from([Buffer.from('one')]), { contentType: 'text/plain' });
    await store.put('ref/photos/a/b/two.txt', Readable.from([Buffer.from('two')]), { contentType: 'text/plain' });
    await store.put('ref/photos-old/keep.txt', Readable.from([Buffer.from('keep')]), { contentType: 'text/plain' });
    await store.copy('ref/photos/a/one.txt', 'ref/photos/copy of one.txt');
    expect(await readAll((await store.get('ref/photos/copy of one.txt'))!.body)).toEqual(Buffer.from('one'));
    await store.delete(['ref/photos/a/one.txt', 'ref/photos/no-such-file.txt']);
    expect(await store.head('ref/photos/a/one.txt')).toBeNull();
    expect(await store.get('ref/photos/a/one.txt')).toBeNull();

    await store.deletePrefix('ref/photos');
    expect(await store.head('ref/photos/a/b/two.txt')).toBeNull();
    expect(await store.head('ref/photos/copy of one.txt')).toBeNull();
    expect(await store.head('ref/photos-old/keep.txt')).toMatchObject({ size: 4 });
  });

  it('refuses keys that could reach outside their prefix', async () => {
    for (const key of ['../escape.txt', 'ref/../../etc/passwd', 'ref//double', 'ref/./here', 'ref\\bucket\\x', 'ref/a\u0000b', '/absolute', 'ref/trailing/']) {
      await expect(store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }), key).rejects.toMatchObject({ code: 'validation_failed' });
      await expect(store.get(key), key).rejects.toMatchObject({ code: 'validation_failed' });
    }
    await expect(store.deletePrefix('..')).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
