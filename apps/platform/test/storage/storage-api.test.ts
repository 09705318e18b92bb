/**
 * supabase.storage, unchanged, against /p/{ref}/storage/v1: buckets, uploads in both forms,
 * downloads (as the caller, public, signed, ranged), listing, move, copy, delete, signed uploads,
 * limits and errors: on every engine, and on both object stores.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineName } from '../support/platform.ts';
import { startStorageHarness, type Backend, type StorageHarness } from './harness.ts';

/** Each engine once, each store at least once (the stores' own contract test covers both fully). */
const MATRIX: [EngineName, Backend][] = [['local', 'file'], ['embedded', 's3'], ['postgres', 'file']];

describe.each(MATRIX)('storage on the %s engine with the %s store', (engine, backend) => {
  let h: StorageHarness;

  beforeAll(async () => {
    h = await startStorageHarness(engine, backend);
  }, 120_000);
  afterAll(async () => h?.stop());

  describe('buckets', () => {
    it('creates, reads, updates, lists and deletes a bucket with the service key', async () => {
      const storage = h.client(h.serviceKey).storage;
      const created = await storage.createBucket('avatars', { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] });
      expect(created).toEqual({ data: { name: 'avatars' }, error: null });
      const { data: bucket } = await storage.getBucket('avatars');
      expect(bucket).toMatchObject({ id: 'avatars', name: 'avatars', public: true, file_size_limit: 1024 * 1024, allowed_mime_types: ['image/*'] });
      expect((await storage.updateBucket('avatars', { public: false, fileSizeLimit: null, allowedMimeTypes: null })).error).toBeNull();
      expect((await storage.getBucket('avatars')).data).toMatchObject({ public: false, file_size_limit: null, allowed_mime_types: null });
      expect((await storage.listBuckets()).data?.map((b) => b.id)).toContain('avatars');
      const again = await storage.createBucket('avatars');
      expect(again.error?.message).toBe('The resource already exists');
      expect((await storage.deleteBucket('avatars')).data).toEqual({ message: 'Successfully deleted' });
      expect((await storage.getBucket('avatars')).error?.message).toBe('Bucket not found');
    });

    it('refuses to delete a bucket that holds objects until it is emptied', async () => {
      const storage = h.client(h.serviceKey).storage;
      await storage.createBucket('full');
      await storage.from('full').upload('a.txt', 'hello', { contentType: 'text/plain' });
      const refused = await storage.deleteBucket('full');
      expect(refused.error?.message).toBe('The bucket you tried to delete is not empty');
      expect((await storage.emptyBucket('full')).error).toBeNull();
      expect((await storage.deleteBucket('full')).error).toBeNull();
    });

    it('hides buckets from anon under RLS when no policy allows them', async () => {
      await h.client(h.serviceKey).storage.createBucket('secret-bucket');
      const { data } = await h.client().storage.listBuckets();
      expect(data).toEqual([]);
      const refused = await h.client().storage.createBucket('anon-bucket');
      expect(refused.error?.message).toBe('new row violates row-level security policy');
    });
  });

  describe('objects', () => {
    beforeAll(async () => {
      await h.client(h.serviceKey).storage.createBucket('docs', { public: false });
      await h.client(h.serviceKey).storage.createBucket('pics', { public: true });
    });

    it('uploads raw and multipart bodies and downloads the same bytes', async () => {
      const docs = h.client(h.serviceKey).storage.from('docs');
      const raw = await docs.upload('notes/raw.txt', Buffer.from('raw bytes'), { contentType: 'text/plain', cacheControl: '60' });
      expect(raw.error).toBeNull();
      expect(raw.data).toMatchObject({ path: 'notes/raw.txt', fullPath: 'docs/notes/raw.txt' });
      const blob = await docs.upload('notes/blob.json', new Blob(['{"a":1}'], { type: 'application/json' }), { metadata: { owner: 'me' } });
      expect(blob.error).toBeNull();
      const downloaded = await docs.download('notes/raw.txt');
      expect(await downloaded.data?.text()).toBe('raw bytes');
      expect(await (await docs.download('notes/blob.json')).data?.text()).toBe('{"a":1}');
      const info = await docs.info('notes/blob.json');
      expect(info.data).toMatchObject({ name: 'notes/blob.json', size: 7, contentType: 'application/json', metadata: { owner: 'me' } });
      expect((await docs.exists('notes/raw.txt')).data).toBe(true);
      expect((await docs.exists('notes/none.txt')).data).toBe(false);
    });

    it('refuses an existing key unless upserting, and update replaces the bytes', async () => {
      const docs = h.client(h.serviceKey).storage.from('docs');
      await docs.upload('dup.txt', 'one');
      const duplicate = await docs.upload('dup.txt', 'two');
      expect(duplicate.error?.message).toBe('The resource already exists');
      expect((await docs.upload('dup.txt', 'three', { upsert: true })).error).toBeNull();
      expect(await (await docs.download('dup.txt')).data?.text()).toBe('three');
      expect((await docs.update('dup.txt', 'four')).error).toBeNull();
      expect(await (await docs.download('dup.txt')).data?.text()).toBe('four');
    });

    it('lists folders as rows without id and files with metadata, with search, sort and paging', async () => {
      const docs = h.client(h.serviceKey).storage.from('docs');
      for (const name of ['list/b.txt', 'list/a.txt', 'list/sub/x.txt', 'list/sub/y.txt', 'list/c.txt']) await docs.upload(name, name);
      const { data } = await docs.list('list');
      expect(data?.map((item) => item.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'sub']);
      const folder = data?.find((item) => item.name === 'sub');
      expect(folder).toMatchObject({ id: null, metadata: null });
      expect(data?.find((item) => item.name === 'a.txt')).toMatchObject({ metadata: { size: 10, mimetype: 'text/plain;charset=UTF-8' } });
      expect((await docs.list('list', { limit: 2, offset: 1 })).data?.map((i) => i.name)).toEqual(['b.txt', 'c.txt']);
      expect((await docs.list('list', { sortBy: { column: 'name', order: 'desc' } })).data?.map((i) => i.name)).toEqual(['sub', 'c.txt', 'b.txt', 'a.txt']);
      expect((await docs.list('list', { search: 'B' })).data?.map((i) => i.name)).toEqual(['b.txt']);
      expect((await docs.list('list/sub')).data?.map((i) => i.name)).toEqual(['x.txt', 'y.txt']);
      const byCreated = await docs.list('list', { sortBy: { column: 'created_at', order: 'asc' } });
      expect(byCreated.data?.map((i) => i.name)).toEqual(['sub', 'b.txt', 'a.txt', 'c.txt']);
    });

    it('lists with list-v2: flat or by folder, a page at a time by cursor', async () => {
      const docs = h.client(h.serviceKey).storage.from('docs');
      for (const name of ['v2/a.txt', 'v2/b/one.txt', 'v2/b/two.txt', 'v2/c.txt', 'v2x.txt']) await docs.upload(name, 'x');
      const flat = await docs.listV2({ prefix: 'v2/' });
      expect(flat.data?.objects.map((o) => o.name)).toEqual(['v2/a.txt', 'v2/b/one.txt', 'v2/b/two.txt', 'v2/c.txt']);
      expect(flat.data).toMatchObject({ hasNext: false, folders: [] });
      const grouped = await docs.listV2({ prefix: 'v2/', with_delimiter: true });
      expect(grouped.data?.folders.map((f) => f.name)).toEqual(['v2/b/']);
      expect(grouped.data?.objects.map((o) => o.name)).toEqual(['v2/a.txt', 'v2/c.txt']);
      const first = await docs.listV2({ prefix: 'v2/', with_delimiter: true, limit: 2 });
      expect(first.data).toMatchObject({ hasNext: true, nextCursor: 'v2/b/' });
      const second = await docs.listV2({ prefix: 'v2/', with_delimiter: true, limit: 2, cursor: first.data!.nextCursor });
      expect(second.data).toMatchObject({ hasNext: false, folders: [] });
      expect(second.data?.objects.map((o) => o.name)).toEqual(['v2/c.txt']);
    });

    it('moves and copies within and across buckets', async () => {
      const storage = h.client(h.serviceKey).storage;
      await storage.from('docs').upload('move/me.txt', 'moving');
      expect((await storage.from('docs').move('move/me.txt', 'moved/me.txt')).error).toBeNull();
      expect((await storage.from('docs').download('move/me.txt')).error).not.toBeNull();
      expect(await (await storage.from('docs').download('moved/me.txt')).data?.text()).toBe('moving');
      expect((await storage.from('docs').copy('moved/me.txt', 'copied/me.txt')).data).toEqual({ path: 'docs/copied/me.txt' });
      expect((await storage.from('docs').move('copied/me.txt', 'elsewhere.txt', { destinationBucket: 'pics' })).error).toBeNull();
      expect(await (await storage.from('pics').download('elsewhere.txt')).data?.text()).toBe('moving');
      expect(await (await storage.from('docs').download('moved/me.txt')).data?.text()).toBe('moving');
    });

    it('removes many objects and answers what it removed', async () => {
      const docs = h.client(h.serviceKey).storage.from('docs');
      await docs.upload('gone/1.txt', '1');
      await docs.upload('gone/2.txt', '2');
      const { data, error } = await docs.remove(['gone/1.txt', 'gone/2.txt', 'gone/never.txt']);
      expect(error).toBeNull();
      expect(data?.map((row) => row.name).sort()).toEqual(['gone/1.txt', 'gone/2.txt']);
      expect((await docs.list('gone')).data).toEqual([]);
    });

    it('serves public buckets without a key, private ones only signed', async () => {
      const storage = h.client(h.serviceKey).storage;
      await storage.from('pics').upload('cat.txt', 'meow', { contentType: 'text/plain' });
      const publicUrl = storage.from('pics').getPublicUrl('cat.txt').data.publicUrl;
      const response = await fetch(publicUrl);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('meow');
      expect(response.headers.get('content-type')).toBe('text/plain');

      await storage.from('docs').upload('private.txt', 'shh');
      const privateUrl = storage.from('docs').getPublicUrl('private.txt').data.publicUrl;
      const refused = await fetch(privateUrl);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });

      const signed = await storage.from('docs').createSignedUrl('private.txt', 60);
      expect(signed.error).toBeNull();
      expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('shh');
      const forged = signed.data!.signedUrl.replace(/token=([^.]+)\.([^.]+)\.(.+)$/, (_m, a, b) => `token=${a}.${b}.forged`);
      expect((await (await fetch(forged)).json()).message).toBe('invalid signature');
      const otherObject = signed.data!.signedUrl.replace('private.txt', 'moved/me.txt');
      expect((await fetch(otherObject)).status).toBe(400);

      const many = await storage.from('docs').createSignedUrls(['private.txt', 'missing.txt'], 60);
      expect(many.data?.[0]).toMatchObject({ path: 'private.txt', error: null });
      expect(many.data?.[1]).toMatchObject({ path: 'missing.txt', signedUrl: null });
    });

    it('signed URLs expire', async () => {
      const storage = h.client(h.serviceKey).storage;
      const signed = await storage.from('docs').createSignedUrl('private.txt', 1);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await fetch(signed.data!.signedUrl);
      expect(await expired.json()).toMatchObject({ statusCode: '400', message: 'jwt expired' });
    });

    it('honours Range for partial downloads', async () => {
      const storage = h.client(h.serviceKey).storage;
      await storage.from('pics').upload('digits.txt', '0123456789');
      const url = storage.from('pics').getPublicUrl('digits.txt').data.publicUrl;
      const part = await fetch(url, { headers: { range: 'bytes=2-5' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
      expect(await part.text()).toBe('2345');
      const tail = await fetch(url, { headers: { range: 'bytes=-3' } });
      expect(await tail.text()).toBe('789');
      expect((await fetch(url, { headers: { range: 'bytes=20-' } })).status).toBe(416);
    });

    it('uploads to a signed upload URL', async () => {
      const docs = h.client(h.serviceKey).storage.from('docs');
      const { data, error } = await docs.createSignedUploadUrl('signed/upload.txt');
      expect(error).toBeNull();
      const uploaded = await h.client().storage.from('docs').uploadToSignedUrl('signed/upload.txt', data!.token, 'by token');
      expect(uploaded.error).toBeNull();
      expect(await (await docs.download('signed/upload.txt')).data?.text()).toBe('by token');
      const reused = await h.client().storage.from('docs').uploadToSignedUrl('signed/other.txt', data!.token, 'x');
      expect(reused.error?.message).toBe('The signature does not match this object');
    });
  });

  describe('limits and bad input', () => {
    beforeAll(async () => {
      await h.client(h.serviceKey).storage.createBucket('small', { public: false, fileSizeLimit: 10, allowedMimeTypes: ['image/*', 'text/plain'] });
    });

    it('refuses a file over the bucket limit and a type it does not allow, leaving nothing behind', async () => {
      const small = h.client(h.serviceKey).storage.from('small');
      const big = await small.upload('big.txt', 'x'.repeat(11), { contentType: 'text/plain' });
      expect(big.error?.message).toBe('The object exceeded the maximum allowed size');
      const wrong = await small.upload('a.pdf', 'pdf', { contentType: 'application/pdf' });
      expect(wrong.error?.message).toBe('mime type application/pdf is not supported');
      expect((await small.upload('ok.png', 'png', { contentType: 'image/png' })).error).toBeNull();
      expect((await small.list()).data?.map((i) => i.name)).toEqual(['ok.png']);
    });

    it('refuses a body over the limit while it streams, without a Content-Length', async () => {
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode('0123456789'));
          controller.close();
        },
      });
      const response = await fetch(`${h.url}/storage/v1/object/small/streamed.txt`, {
        method: 'POST', body: stream, duplex: 'half', headers: { authorization: `Bearer ${h.serviceKey}`, apikey: h.serviceKey, 'content-type': 'text/plain' },
      } as RequestInit);
      expect(await response.json()).toMatchObject({ statusCode: '413' });
      expect((await h.client(h.serviceKey).storage.from('small').list()).data?.map((i) => i.name)).toEqual(['ok.png']);
    });

    it('refuses traversal and bad keys with a clear error, writing nothing', async () => {
      // supabase-js tidies slashes and URL parsing resolves '../' (even encoded), so these go raw.
      const upload = (path: string) => new Promise<{ status: number; body: { message: string } }>((resolve, reject) => {
        const request = httpRequest(`${h.url}/storage/v1/object/docs/x`, {
          method: 'POST', path: `/p/${h.ref}/storage/v1/object/docs/${path}`, headers: { authorization: `Bearer ${h.serviceKey}`, 'content-type': 'text/plain' },
        }, (response) => {
          let text = '';
          response.on('data', (chunk) => { text += chunk; });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        });
        request.on('error', reject);
        request.end('x');
      });
      const encode = (name: string) => name.split('/').map(encodeURIComponent).join('/');
      for (const name of ['a//b.txt', 'trail/', 'a\\b.txt', 'nul\u0000.txt', `${'x'.repeat(1100)}.txt`]) {
        const answer = await upload(encode(name));
        expect(answer.status, name).toBe(400);
        expect(answer.body.message, name).toMatch(/Invalid key/);
      }
      for (const path of ['%2e%2e/escape.txt', 'a/%2E%2E/%2e%2e/b.txt', '.%2e/x.txt', 'a%2F..%2Fb.txt']) {
        expect((await upload(path)).body.message, path).toMatch(/Invalid key/);
      }
      expect((await h.client(h.serviceKey).storage.from('no-such-bucket').upload('a.txt', 'x')).error?.message).toBe('Bucket not found');
      expect((await h.client(h.serviceKey).storage.from('docs').list('a')).data).toEqual([]);
    });

    it('refuses a token of another project and a forged one', async () => {
      const forged = `${h.serviceKey.slice(0, -4)}AAAA`;
      const { error } = await h.client(forged).storage.listBuckets();
      expect(error?.message).toMatch(/Invalid API key|invalid/i);
    });

    it('writes a storage_logs entry per request, without tokens', async () => {
      await h.client(h.serviceKey).storage.from('docs').createSignedUrl('private.txt', 60);
      await h.platform.control.logs.flush();
      const { rows } = await h.platform.control.db.query<{ event_message: string; metadata: Record<string, unknown> }>(
        `select event_message, metadata from storage_logs where project_ref = $1 order by timestamp desc limit 50`, [h.ref],
      );
      expect(rows.some((row) => row.event_message.startsWith('POST /object/sign/docs/private.txt 200'))).toBe(true);
      expect(JSON.stringify(rows)).not.toContain(h.serviceKey);
      expect(rows.some((row) => row.metadata.role === 'service_role')).toBe(true);
    });
  });
});
