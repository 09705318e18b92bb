/**
 * A real S3-protocol server for the S3 store's tests: s3rver (npm), run as its own process on a free
 * port with a temporary directory, spoken to over HTTP with SigV4 signatures like any S3 service.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const S3RVER = fileURLToPath(new URL('../../../../node_modules/.bin/s3rver', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** s3rver's fixed credentials. */
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'plinth'): Promise<S3Server> {
  const dir = await mkdtemp(join(tmpdir(), 'plinth-s3-'));
  const port = await freePort();
  const child = spawn(S3RVER, ['-d', dir, '-a', '127.0.0.1', '-p', String(port), '--configure-bucket', bucket, '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => { stderr += chunk; });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  // Ready when it answers over HTTP (an unsigned request gets an S3 error document, which is an answer).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited: ${stderr}`);
    const answered = await fetch(`${endpoint}/${bucket}`).then(() => true, () => false);
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`s3rver did not answer within ${READY_TIMEOUT_MS / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
