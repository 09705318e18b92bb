/**
 * Resumable uploads (TUS) with the maintained tus-js-client, as Supabase's docs use it: chunks, a
 * dropped connection and a resume from the server's offset, the limits and RLS checked when the
 * upload is created, and nobody else able to continue it. Both object stores.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upload, type UploadOptions } from 'tus-js-client';
import { startStorageHarness, type Backend, type StorageHarness } from './harness.ts';

const CHUNK = 256 * 1024;

describe.each(['file', 's3'] as Backend[])('resumable uploads on the %s store', (backend) => {
  let h: StorageHarness;
  beforeAll(async () => {
    h = await startStorageHarness('local', backend);
    await h.client(h.serviceKey).storage.createBucket('videos', { public: false, fileSizeLimit: 2 * 1024 * 1024 });
  }, 120_000);
  afterAll(async () => h?.stop());

  const options = (token: string, objectName: string, extra: Partial<UploadOptions> = {}): UploadOptions => ({
    endpoint: `${h.url}/storage/v1/upload/resumable`,
    headers: { authorization: `Bearer ${token}`, apikey: h.anonKey },
    chunkSize: CHUNK,
    uploadDataDuringCreation: false,
    removeFingerprintOnSuccess: true,
    metadata: { bucketName: 'videos', objectName, contentType: 'video/mp4', cacheControl: '3600' },
    retryDelays: [],
    ...extra,
  });

  it('uploads in chunks, survives a dropped connection and resumes where the server stopped', async () => {
    const bytes = randomBytes(CHUNK * 4 + 1234);
    // First attempt: stop after the second chunk has arrived.
    const url = await new Promise<string>((resolve, reject) => {
      let chunks = 0;
      const upload: Upload = new Upload(bytes, options(h.serviceKey, 'clips/big.mp4', {
        onError: reject,
        onChunkComplete: () => {
          if (++chunks === 2) upload.abort().then(() => resolve(upload.url as string), reject);
        },
      }));
      upload.start();
    });
    const head = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${h.serviceKey}` } });
    expect(Number(head.headers.get('upload-offset'))).toBe(2 * CHUNK);
    // Nothing is visible until the upload completes.
    expect((await h.client(h.serviceKey).storage.from('videos').list('clips')).data).toEqual([]);

    await new Promise<void>((resolve, reject) => {
      new Upload(bytes, options(h.serviceKey, 'clips/big.mp4', { uploadUrl: url, onError: reject, onSuccess: () => resolve() })).start();
    });
    const { data } = await h.client(h.serviceKey).storage.from('videos').download('clips/big.mp4');
    expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true);
    const info = await h.client(h.serviceKey).storage.from('videos').info('clips/big.mp4');
    expect(info.data).toMatchObject({ size: bytes.length, contentType: 'video/mp4' });
  });

  it('checks limits and RLS when the upload is created', async () => {
    const failure = (token: string, objectName: string, size: number) => new Promise<string>((resolve, reject) => {
      new Upload(randomBytes(size), options(token, objectName, {
        onSuccess: () => reject(new Error('the upload should have been refused')),
        onError: (error) => resolve(String((error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody() ?? error.message)),
      })).start();
    });
    expect(JSON.parse(await failure(h.serviceKey, 'too-big.mp4', 3 * 1024 * 1024))).toMatchObject({ statusCode: '413' });
    expect(JSON.parse(await failure(h.anonKey, 'anon.mp4', 1000))).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(JSON.parse(await failure(h.serviceKey, '../x.mp4', 1000)).message).toMatch(/Invalid key/);
  });

  it("lets nobody else continue someone's upload", async () => {
    const { client } = await h.userClient();
    const session = (await client.auth.getSession()).data.session!;
    // The user's uploads need a policy: their own folder.
    const { rows } = await h.platform.control.db.query<{ db_server: string | null }>('select db_server from projects where ref = $1', [h.ref]);
    const db = await h.platform.control.engine.project({ ref: h.ref, server: rows[0].db_server });
    await db.exec(`create policy "own uploads" on storage.objects for insert to authenticated with check (bucket_id = 'videos' and (storage.foldername(name))[1] = auth.uid()::text)`);
    const url = await new Promise<string>((resolve, reject) => {
      const upload: Upload = new Upload(randomBytes(CHUNK * 2), options(session.access_token, `${session.user.id}/mine.mp4`, {
        onError: reject,
        onChunkComplete: () => upload.abort().then(() => resolve(upload.url as string), reject),
      }));
      upload.start();
    });
    const other = await h.userClient();
    const otherToken = (await other.client.auth.getSession()).data.session!.access_token;
    const stolen = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${otherToken}` } });
    expect(stolen.status).toBe(404);
    const owner = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${session.access_token}` } });
    expect(owner.status).toBe(200);
  });
});
