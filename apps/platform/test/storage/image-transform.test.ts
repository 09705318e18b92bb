/**
 * Image transformations through supabase.storage, unchanged: `download`, `getPublicUrl` and
 * `createSignedUrl` with `transform`, checked by decoding what comes back. Paid plans only.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageHarness, type StorageHarness } from './harness.ts';

/** A noisy image, so that quality changes the encoded size. */
function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).png().toBuffer();
}

async function decoded(body: Blob | Response | null | undefined) {
  if (!body) throw new Error('no image came back');
  const bytes = Buffer.from(await body.arrayBuffer());
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format, size: bytes.length };
}

describe('on a paid plan', () => {
  let h: StorageHarness;
  const keyHeaders = () => ({ apikey: h.serviceKey, authorization: `Bearer ${h.serviceKey}` });
  const renderUrl = (path: string, query: string) => `${h.url}/storage/v1/render/image/authenticated/photos/${path}?${query}`;

  beforeAll(async () => {
    h = await startStorageHarness('local', 'file');
    const storage = h.client(h.serviceKey).storage;
    await storage.createBucket('photos', { public: false });
    await storage.createBucket('gallery', { public: true });
    await storage.from('photos').upload('cats/wide.png', await png(200, 100), { contentType: 'image/png' });
    await storage.from('gallery').upload('wide.png', await png(200, 100), { contentType: 'image/png' });
  }, 120_000);
  afterAll(async () => h?.stop());

  it('reports the feature as enabled in the project storage config', async () => {
    const config = await h.api.get(`/api/platform/projects/${h.ref}/config/storage`);
    expect(config.body.features).toEqual({ imageTransformation: { enabled: true } });
  });

  it('downloads a resized image, cropped to cover by default', async () => {
    const photos = h.client(h.serviceKey).storage.from('photos');
    const { data, error } = await photos.download('cats/wide.png', { transform: { width: 50, height: 50 } });
    expect(error).toBeNull();
    expect(await decoded(data)).toMatchObject({ width: 50, height: 50, format: 'png' });
    const contained = await photos.download('cats/wide.png', { transform: { width: 50, height: 50, resize: 'contain' } });
    expect(await decoded(contained.data)).toMatchObject({ width: 50, height: 25 });
    const filled = await photos.download('cats/wide.png', { transform: { width: 30, height: 60, resize: 'fill' } });
    expect(await decoded(filled.data)).toMatchObject({ width: 30, height: 60 });
    const widthOnly = await photos.download('cats/wide.png', { transform: { width: 100 } });
    expect(await decoded(widthOnly.data)).toMatchObject({ width: 100, height: 50 });
  });

  it('renders only what the caller may read', async () => {
    const { error } = await h.client().storage.from('photos').download('cats/wide.png', { transform: { width: 50 } });
    expect(error?.message).toBe('Object not found');
  });

  it('converts to WebP at the quality asked for, and picks WebP when the client accepts it', async () => {
    const photos = h.client(h.serviceKey).storage.from('photos');
    // supabase-js types `format` as 'origin' only; the service takes what storage-api takes.
    const low = await photos.download('cats/wide.png', { transform: { width: 150, format: 'webp' as 'origin', quality: 20 } });
    const high = await photos.download('cats/wide.png', { transform: { width: 150, format: 'webp' as 'origin', quality: 100 } });
    const [lowImage, highImage] = [await decoded(low.data), await decoded(high.data)];
    expect(lowImage).toMatchObject({ width: 150, height: 75, format: 'webp' });
    expect(highImage).toMatchObject({ width: 150, height: 75, format: 'webp' });
    expect(lowImage.size).toBeLessThan(highImage.size);

    const negotiated = await fetch(renderUrl('cats/wide.png', 'width=60'), { headers: { ...keyHeaders(), accept: 'image/webp,image/*' } });
    expect(negotiated.headers.get('content-type')).toBe('image/webp');
    expect(negotiated.headers.get('vary')).toBe('Accept, Origin');
    expect(await decoded(negotiated)).toMatchObject({ width: 60, format: 'webp' });
    const origin = await fetch(renderUrl('cats/wide.png', 'width=60&format=origin'), { headers: { ...keyHeaders(), accept: 'image/webp' } });
    expect(origin.headers.get('content-type')).toBe('image/png');
    expect(origin.headers.get('x-transformations')).toBe('width:60,resize:cover,quality:80,format:origin');
  });

  it('serves a public URL with the transform in its query', async () => {
    const { data } = h.client().storage.from('gallery').getPublicUrl('wide.png', { transform: { width: 80, height: 80 } });
    expect(data.publicUrl).toBe(`${h.url}/storage/v1/render/image/public/gallery/wide.png?width=80&height=80`);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await decoded(response)).toMatchObject({ width: 80, height: 80, format: 'png' });
    const privateOne = await fetch(`${h.url}/storage/v1/render/image/public/photos/cats/wide.png?width=80`);
    expect((await privateOne.json()).message).toBe('Bucket not found');
  });

  it('signs the transform into a signed URL, which the query cannot change', async () => {
    const photos = h.client(h.serviceKey).storage.from('photos');
    const { data, error } = await photos.createSignedUrl('cats/wide.png', 60, { transform: { width: 40, height: 40, resize: 'fill' } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/photos/cats/wide.png?token=');
    const response = await fetch(data!.signedUrl);
    expect(response.headers.get('expires')).toBeTruthy();
    expect(await decoded(response)).toMatchObject({ width: 40, height: 40, format: 'png' });
    expect(await decoded(await fetch(`${data!.signedUrl}&width=200&height=10`))).toMatchObject({ width: 40, height: 40 });
    const otherObject = await fetch(data!.signedUrl.replace('cats/wide.png', 'cats/other.png'));
    expect((await otherObject.json()).message).toBe('The signature does not match this object');
    await photos.upload('cats/my cat.png', await png(60, 60), { contentType: 'image/png' });
    const spaced = await photos.createSignedUrl('cats/my cat.png', 60, { transform: { width: 30 } });
    expect(await decoded(await fetch(spaced.data!.signedUrl))).toMatchObject({ width: 30, height: 30 });
    const refused = await photos.createSignedUrl('cats/wide.png', 60, { transform: { width: -5 } });
    expect(refused.error?.message).toBe('body/transform/width must be >= 0');
  });

  it('answers bad options with a 400 storage error', async () => {
    const photos = h.client(h.serviceKey).storage.from('photos');
    const negative = await photos.download('cats/wide.png', { transform: { width: -1 } });
    expect(negative.error?.message).toBe('querystring/width must be >= 0');
    const cases: [query: string, message: string][] = [
      ['width=abc', 'querystring/width must be integer'],
      ['height=1.5', 'querystring/height must be integer'],
      ['quality=10', 'querystring/quality must be >= 20'],
      ['resize=zoom', 'querystring/resize must be one of cover, contain, fill'],
      ['format=bmp', 'querystring/format must be one of origin, avif, webp, jpeg, png'],
    ];
    for (const [query, message] of cases) {
      const response = await fetch(renderUrl('cats/wide.png', query), { headers: keyHeaders() });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ statusCode: '400', code: 'InvalidRequest', error: 'Invalid Input', message });
    }
  });

  it('caps each side at 2500 pixels and refuses sources over 25 MB or that are not images', async () => {
    const photos = h.client(h.serviceKey).storage.from('photos');
    await photos.upload('long.png', await sharp({ create: { width: 3000, height: 30, channels: 3, background: '#336699' } }).png().toBuffer(), { contentType: 'image/png' });
    const capped = await photos.download('long.png', { transform: { width: 4000 } });
    expect(await decoded(capped.data)).toMatchObject({ width: 2500, height: 25 });

    await photos.upload('huge.png', Buffer.alloc(25 * 1024 * 1024 + 1), { contentType: 'image/png' });
    const huge = await fetch(renderUrl('huge.png', 'width=10'), { headers: keyHeaders() });
    expect(await huge.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge', message: 'The image exceeds the 25 MB limit of image transformations' });

    await photos.upload('notes.txt', 'not an image', { contentType: 'text/plain' });
    const text = await photos.download('notes.txt', { transform: { width: 10 } });
    expect(text.error?.message).toMatch(/^The object could not be transformed as an image: /);
  });
});

describe('on the free plan', () => {
  let h: StorageHarness;

  beforeAll(async () => {
    h = await startStorageHarness('local', 'file', { plan: 'free' });
    await h.client(h.serviceKey).storage.createBucket('photos', { public: true });
    await h.client(h.serviceKey).storage.from('photos').upload('wide.png', await png(200, 100), { contentType: 'image/png' });
  }, 120_000);
  afterAll(async () => h?.stop());

  it('refuses transformations with FeatureNotEnabled and reports the feature as off', async () => {
    const config = await h.api.get(`/api/platform/projects/${h.ref}/config/storage`);
    expect(config.body.features).toEqual({ imageTransformation: { enabled: false } });
    const photos = h.client(h.serviceKey).storage.from('photos');
    const { data, error } = await photos.download('wide.png', { transform: { width: 50, height: 50 } });
    expect(data).toBeNull();
    expect(error?.message).toBe('Image transformations are not enabled on the Free plan: upgrade the organization to use them');
    const response = await fetch(photos.getPublicUrl('wide.png', { transform: { width: 50 } }).data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'FeatureNotEnabled', error: 'FeatureNotEnabled' });
    // The original stays available.
    expect(await decoded((await photos.download('wide.png')).data)).toMatchObject({ width: 200, height: 100 });
  });

  it('signs a URL without the transform, as storage-api does when the feature is off', async () => {
    const { data } = await h.client(h.serviceKey).storage.from('photos').createSignedUrl('wide.png', 60, { transform: { width: 50 } });
    expect(data!.signedUrl).toContain('/storage/v1/object/sign/photos/wide.png?token=');
    expect(await decoded(await fetch(data!.signedUrl))).toMatchObject({ width: 200, height: 100 });
  });
});
