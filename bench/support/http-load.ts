// Closed-loop HTTP load over keep-alive connections, for the REST benchmarks. node:http with a
// keep-alive agent: Node 20's fetch spends ~1 ms of CPU per request, which would drown the server's
// own cost on a 2-core machine. It runs apart from the server's event loop: in a worker thread
// (bench:rest, bench:engines) or in a child process, whose CPU is then not counted as the server's
// (bench:logging).
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';

export interface LoadSpec {
  urls: string[];
  headers: Record<string, string>;
  connections: number;
  ms: number;
}

/** The load itself, as CommonJS: reads its LoadSpec from workerData or $LOAD, reports { done, failed }. */
const LOAD_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { urls, headers, connections, ms } = workerData ?? JSON.parse(process.env.LOAD);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const get = (url) => new Promise((resolve, reject) => {
  http.get(url, { agent, headers }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); }).on('error', reject);
});
(async () => {
  const end = Date.now() + ms;
  let done = 0, failed = 0, i = 0;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < end) {
      const status = await get(urls[i++ % urls.length]);
      if (status < 300) done++; else failed++;
    }
  }));
  agent.destroy();
  if (parentPort) parentPort.postMessage({ done, failed });
  else process.stdout.write(JSON.stringify({ done, failed }));
})();`;

function counted({ done, failed }: { done: number; failed: number }): number {
  if (failed > 0) throw new Error(`${failed} requests failed`);
  return done;
}

/** Requests answered in `spec.ms` of load from a worker thread. */
export function loadFromWorker(spec: LoadSpec): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_SCRIPT, { eval: true, workerData: spec });
    worker.once('message', (result: { done: number; failed: number }) => {
      void worker.terminate();
      try {
        resolve(counted(result));
      } catch (error) {
        reject(error);
      }
    });
    worker.once('error', reject);
  });
}

/** Requests answered in `spec.ms` of load from a child process. */
export function loadFromChild(spec: LoadSpec): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', LOAD_SCRIPT], { env: { ...process.env, LOAD: JSON.stringify(spec) } });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve(counted(JSON.parse(output) as { done: number; failed: number }));
      } catch (error) {
        reject(error);
      }
    });
  });
}
