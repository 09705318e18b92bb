// s3rver (npm) as its own process, as apps/platform/test/support/s3-server.ts runs it for the tests,
// but in a directory the benchmark chooses (on the disk it measures, and whose files it evicts from
// the page cache) and with its pid, so its memory and CPU can be reported beside the platform's.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/platform/test/support/free-port.ts';

const S3RVER = fileURLToPath(new URL('../../node_modules/.bin/s3rver', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

export interface S3rver {
  pid: number;
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3rver(dir: string, bucket = 'plinth'): Promise<S3rver> {
  const port = await freePort();
  const child = spawn(S3RVER, ['-d', dir, '-a', '127.0.0.1', '-p', String(port), '--configure-bucket', bucket, '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  // Ready when it answers over HTTP (an unsigned request gets an S3 error document, which is an answer).
  while (!(await fetch(`${endpoint}/${bucket}`).then(() => true, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`s3rver did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid!,
    endpoint,
    bucket,
    env: { PLINTH_S3_BUCKET: bucket, PLINTH_S3_ENDPOINT: endpoint, PLINTH_S3_ACCESS_KEY_ID: 'S3RVER', PLINTH_S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
