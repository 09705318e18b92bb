/**
 * Resumable uploads (TUS) on two nodes: an upload's lock is held in the platform database, so a
 * chunk sent again to another node (a client retrying after its connection stalled) waits for the
 * first node's request, which is asked over the cluster bus to let go, and never writes beside it;
 * and a lock whose holder died lapses within its lease. Requests go to each node by its own URL.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS } from '../../src/data-plane/storage/resumable-lock.ts';
import { signUp, waitForStatus } from '../support/client.ts';
import { startNodes, type NodeFleet } from '../support/nodes.ts';

const BUCKET = 'clips';
const SIZE = 1024 * 1024;
/** What the stalled request sends before it pauses. */
const FIRST = 256 * 1024;

type ClientOptions = NonNullable<Parameters<typeof createClient>[2]>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  status: number | null;
  at: number;
}

describe('resumable uploads on two nodes', () => {
  let fleet: NodeFleet;
  let platformDb: pg.Client;
  let ref: string;
  let serviceKey: string;
  let anonKey: string;

  const storage = (node: number): SupabaseClient =>
    createClient(`${fleet.nodeUrls[node]}/p/${ref}`, serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as NonNullable<ClientOptions['realtime']>['transport'] },
    });
  const tusHeaders = () => ({ 'tus-resumable': '1.0.0', authorization: `Bearer ${serviceKey}`, apikey: anonKey });

  /** Creates an upload of SIZE bytes on node 0; returns its path (the same on every node). */
  const createUpload = async (objectName: string): Promise<{ path: string; id: string }> => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const created = await fetch(`${fleet.nodeUrls[0]}/p/${ref}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { ...tusHeaders(), 'upload-length': String(SIZE), 'upload-metadata': `bucketName ${b64(BUCKET)},objectName ${b64(objectName)},contentType ${b64('video/mp4')}` },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const path = new URL(created.headers.get('location')!).pathname;
    return { path, id: path.split('/').pop()! };
  };

  const patch = (node: number, path: string, offset: number, body: Buffer) =>
    fetch(`${fleet.nodeUrls[node]}${path}`, {
      method: 'PATCH',
      headers: { ...tusHeaders(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(body),
    });

  const offsetOn = async (node: number, path: string) =>
    Number((await fetch(`${fleet.nodeUrls[node]}${path}`, { method: 'HEAD', headers: tusHeaders() })).headers.get('upload-offset'));

  /**
   * A PATCH of the whole upload to `node` that sends `sent` bytes and then stalls (its body never
   * ends). `ended` settles when the server answers or drops it; `abandon` closes it from our side.
   */
  const stalledPatch = (node: number, path: string, bytes: Buffer, sent: number) => {
    const target = new URL(`${fleet.nodeUrls[node]}${path}`);
    const request = http.request({
      host: target.hostname, port: target.port, path: target.pathname, method: 'PATCH',
      headers: { ...tusHeaders(), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) },
    });
    const ended = new Promise<Outcome>((resolve) => {
      request.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? null, at: Date.now() });
      });
      request.on('error', () => resolve({ status: null, at: Date.now() }));
      request.on('close', () => resolve({ status: null, at: Date.now() }));
    });
    request.write(bytes.subarray(0, sent));
    return { ended, abandon: () => request.destroy() };
  };

  const lockHolder = async (id: string) =>
    (await platformDb.query<{ holder: string }>('select holder from resumable_upload_locks where upload_id = $1', [id])).rows[0]?.holder ?? null;

  const waitForLock = async (id: string): Promise<string> => {
    for (let tries = 0; tries < 100; tries++) {
      const holder = await lockHolder(id);
      if (holder) return holder;
      await sleep(50);
    }
    throw new Error(`upload ${id} was never locked`);
  };

  const downloaded = async (node: number, name: string) => {
    const { data, error } = await storage(node).storage.from(BUCKET).download(name);
    expect(error).toBeNull();
    return Buffer.from(await data!.arrayBuffer());
  };

  beforeAll(async () => {
    fleet = await startNodes({ count: 2, s3: true });
    platformDb = new pg.Client({ connectionString: fleet.platformDatabaseUrl });
    await platformDb.connect();
    const { api } = await signUp(fleet.url);
    const slug = (await api.post('/api/organizations', { name: 'Uploads Co', plan: 'free' })).body.slug as string;
    const created = await api.post('/api/projects', { name: 'Uploads', organization_slug: slug, db_pass: 'a-long-db-password' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    ref = created.body.ref as string;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
    serviceKey = settings.autoApiService.serviceApiKey as string;
    anonKey = settings.autoApiService.defaultApiKey as string;
    expect((await storage(0).storage.createBucket(BUCKET, { public: false })).error).toBeNull();
  }, 180_000);

  afterAll(async () => {
    await platformDb?.end();
    await fleet?.stop();
  }, 60_000);

  it('makes a chunk sent again to another node wait for the first node to let go, and keeps the right bytes', { timeout: 60_000 }, async () => {
    const bytes = randomBytes(SIZE);
    const { path, id } = await createUpload('retried.mp4');
    const stalled = stalledPatch(0, path, bytes, FIRST);
    try {
      // The first part reaches node 0 (loopback), which locks the upload and waits for the rest.
      await sleep(1000);

      // The client gives up on the stalled connection and sends the same chunk to node 1.
      const started = Date.now();
      const retried = await patch(1, path, 0, bytes);
      const answered = Date.now();
      // Node 0 was asked (over the bus) to let go: it stopped reading (@tus/server's 3 s drain), kept
      // what had arrived and answered, although our body never ended.
      const first = await Promise.race([stalled.ended, sleep(5000).then(() => null)]);
      expect(first, 'node 0 never let go of its request').not.toBeNull();
      expect(first!.at).toBeLessThanOrEqual(answered);
      expect(answered - started).toBeGreaterThan(2000);
      // Only then did node 1 write: the upload had moved on, so its chunk was refused (409), not
      // written over node 0's.
      expect(retried.status).toBe(409);
      expect(await offsetOn(1, path)).toBe(FIRST);

      // The client resumes from the server's offset, as TUS clients do.
      const rest = await patch(1, path, FIRST, bytes.subarray(FIRST));
      expect(rest.status, await rest.clone().text()).toBe(204);
      expect(Number(rest.headers.get('upload-offset'))).toBe(SIZE);
      expect((await downloaded(0, 'retried.mp4')).equals(bytes)).toBe(true);
      expect(await lockHolder(id)).toBeNull();
    } finally {
      stalled.abandon();
    }
  });

  it('takes over a lock whose holder died once its lease lapses', { timeout: 60_000 }, async () => {
    // A row left long ago (a node that died mid-request): no wait at all.
    const left = await createUpload('left.mp4');
    await platformDb.query("insert into resumable_upload_locks (upload_id, holder, expires_at) values ($1, 'deadbeefdeadbeef:0', now() - interval '1 second')", [left.id]);
    const quickStart = Date.now();
    const quick = await patch(1, left.path, 0, randomBytes(1000));
    expect(quick.status).toBe(204);
    expect(Date.now() - quickStart).toBeLessThan(LEASE_MS / 2);

    // Node 0 holds the lock of a stalled request and is killed: nobody renews it, nobody answers the ask.
    const bytes = randomBytes(SIZE);
    const { path, id } = await createUpload('orphaned.mp4');
    const stalled = stalledPatch(0, path, bytes, 64 * 1024);
    try {
      await waitForLock(id);
      await fleet.kill(0);
      const started = Date.now();
      const retried = await patch(1, path, 0, bytes);
      const waited = Date.now() - started;
      // Nothing of the killed request was kept (a chunk is stored whole or not at all).
      expect(retried.status, await retried.clone().text()).toBe(204);
      expect(waited).toBeLessThan(LEASE_MS + 2000);
      expect((await downloaded(1, 'orphaned.mp4')).equals(bytes)).toBe(true);
    } finally {
      stalled.abandon();
    }
  });
});
