// What bench:storage moves a big file through, each as a "side" with the same three steps: the raw
// disk (fs streams), the platform's /storage/v1 on a child-process platform, and s3rver spoken to
// directly with the same S3 client settings as the platform's S3 store (its own cost, for scale).
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { startChildPlatform, type ChildPlatform } from '../../apps/platform/test/support/child-platform.ts';
import type { ApiClient } from '../../apps/platform/test/support/client.ts';
import { childPid, settledRss } from './proc-stats.ts';
import { benchProject } from './rest-vs-bare.ts';
import type { S3rver } from './s3rver.ts';
import { storageCall } from './storage-listing.ts';
import { copyToDisk, downloadOverHttp, readFromDisk, toDevNull, uploadOverHttp } from './transfer.ts';

export interface Side {
  label: string;
  /** Anything to clear away before the timed upload of `round` (not timed). */
  beforeUpload(round: number): Promise<void>;
  upload(round: number): Promise<void>;
  download(): Promise<void>;
  /** Where its stored bytes are on the disk, to drop from the page cache before a cold read. */
  storedFiles: string[];
}

/** The same bytes written and read straight on the disk, in `dir` beside the platform's data. */
export async function rawSide(dir: string, source: string, bytes: number): Promise<Side> {
  await mkdir(dir, { recursive: true });
  const target = join(dir, 'copy.bin');
  return {
    label: 'raw disk (fs streams, fsync)',
    beforeUpload: () => rm(target, { force: true }),
    upload: () => copyToDisk(source, target),
    download: () => readFromDisk(target, bytes),
    storedFiles: [target],
  };
}

export interface BenchPlatform {
  child: ChildPlatform;
  pid: number;
  dataDir: string;
  api: ApiClient;
  ref: string;
  /** `${url}/p/${ref}/storage/v1` */
  storageUrl: string;
  /** The service key, as a supabase-js client with it sends. */
  headers: Record<string, string>;
}

const BUCKET = 'bench';

/** A platform as its own process (its RSS is its own), a Pro project on it and a private bucket. */
export async function startBenchPlatform(dataDir: string, env: Record<string, string>): Promise<BenchPlatform> {
  const child = await startChildPlatform({ PLINTH_DATA_DIR: dataDir, PLINTH_ENGINE: 'local', PLINTH_IDLE_STOP_S: '0', ...env });
  try {
    const pid = childPid('apps/platform/src/main.ts');
    const { api, ref } = await benchProject(child);
    const serviceKey: string = (await api.get(`/api/props/project/${ref}/settings`)).body.autoApiService.serviceApiKey;
    const headers = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` };
    const storageUrl = `${child.url}/p/${ref}/storage/v1`;
    const created = await storageCall(`${storageUrl}/bucket`, headers, { body: { id: BUCKET, name: BUCKET, public: false } });
    if (created.status !== 200) throw new Error(`creating the bucket answered ${created.status}: ${JSON.stringify(created.body)}`);
    return { child, pid, dataDir, api, ref, storageUrl, headers };
  } catch (error) {
    await child.stop('SIGTERM');
    throw error;
  }
}

/**
 * Uploads and downloads `warmUpFile` once (loads the code on the path, fills the pools), then waits
 * for the process to settle: its RSS then is the idle figure.
 */
export async function warmUpAndIdle(platform: BenchPlatform, warmUpFile: string, bytes: number): Promise<number> {
  const side = platformSide(platform, warmUpFile, bytes, []);
  await side.upload(-1);
  await side.download();
  await side.beforeUpload(0);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return settledRss(platform.pid);
}

/** The platform's /storage/v1: a raw-body upload with the service key, a download as that caller. */
export function platformSide(platform: BenchPlatform, source: string, bytes: number, storedFiles: string[], label = 'platform /storage/v1'): Side {
  const nameOf = (round: number) => `big-${round + 1}.bin`;
  let stored: string | null = null;
  return {
    label,
    async beforeUpload() {
      if (!stored) return;
      const removed = await storageCall(`${platform.storageUrl}/object/${BUCKET}/${stored}`, platform.headers, { method: 'DELETE' });
      if (removed.status !== 200) throw new Error(`deleting ${stored} answered ${removed.status}`);
      stored = null;
    },
    async upload(round) {
      await uploadOverHttp(`${platform.storageUrl}/object/${BUCKET}/${nameOf(round)}`, platform.headers, source, bytes);
      stored = nameOf(round);
    },
    download: () => downloadOverHttp(`${platform.storageUrl}/object/authenticated/${BUCKET}/${stored}`, platform.headers, bytes),
    storedFiles,
  };
}

/** s3rver without the platform: the platform's S3 store's settings (8 MB parts, two in flight), from this process. */
export function s3rverSide(s3: S3rver, s3Dir: string, source: string, bytes: number): Side & { close(): void } {
  const client = new S3Client({
    endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const key = 'direct/big.bin';
  return {
    label: 's3rver direct (aws-sdk)',
    beforeUpload: async () => { await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key })); },
    async upload() {
      const upload = new Upload({
        client, params: { Bucket: s3.bucket, Key: key, Body: createReadStream(source), ContentType: 'application/octet-stream' }, partSize: 8 * 1024 * 1024, queueSize: 2,
      });
      await upload.done();
    },
    async download() {
      const { Body } = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      await toDevNull(Body as Readable, bytes);
    },
    storedFiles: [s3Dir],
    close: () => client.destroy(),
  };
}
