// Platform cold start: from spawning the process to the first answered request, on a new and on an
// existing data directory (embedded engine, studio already built).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PLINTH_DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - started > 60_000) throw new Error('the platform did not start within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-'));
try {
  const fresh = await timeStart(dataDir, 8790);
  const again = await timeStart(dataDir, 8791);
  console.log(`platform cold start (embedded): ${fresh.toFixed(0)} ms on a new data directory, ${again.toFixed(0)} ms on an existing one`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
