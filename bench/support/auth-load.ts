// Closed-loop load for bench:auth, from a worker thread over keep-alive node:http connections (as
// bench/support/http-load.ts, which only GETs and only counts): POSTs with JSON bodies, per-request
// headers (a distinct user token per request), and refresh-token chains whose next request carries
// the refresh token of the previous answer.
//
// The rate is work done inside the window, not answers counted in it: each request adds the share
// of its own duration that falls inside the window. A sign-in takes a good part of a second on a
// loaded two-core machine and libuv's four threads finish theirs in batches, so whole answers in a
// few seconds jump by a batch (±15 %); shares do not. Requests still running at the window's end
// are waited for, so none of them loads the next side's window.
import { Worker } from 'node:worker_threads';

export interface LoadRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** JSON text; sent with its content-type and length. */
  body?: string;
}

export interface LoadWindow {
  connections: number;
  /** Load before the window opens (JIT, pools, queues filled), not counted. */
  settleMs: number;
  ms: number;
  /** Stop after this many requests (minting tokens or sessions rather than timing). */
  maxRequests?: number;
}

export interface LoadResult {
  /** Requests' worth of work per second inside the window. */
  rate: number;
  /** Requests sent, window or not (for the sign-in rate limit's budget). */
  issued: number;
  /** Up to `collect` values of `collectField` from the answers, in order. */
  collected: string[];
  /** The chains' refresh tokens after the run (refresh loads). */
  tokens: string[];
}

/** Requests cycled from `start` (a per-request index, so a later run can go on where one stopped). */
export interface CycleSpec extends LoadWindow {
  kind: 'cycle';
  requests: LoadRequest[];
  start: number;
  collectField?: string;
  collect?: number;
}

/** One refresh-token chain per connection: POST { refresh_token } and carry on with the answer's. */
export interface RefreshSpec extends LoadWindow {
  kind: 'refresh';
  url: string;
  headers: Record<string, string>;
  tokens: string[];
  collectField?: string;
  collect?: number;
}

const LOAD_SCRIPT = `
const { parentPort, workerData: spec } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
const send = (r) => new Promise((resolve, reject) => {
  const headers = r.body === undefined ? r.headers : { ...r.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(r.body) };
  const request = http.request(r.url, { agent, method: r.method, headers }, (res) => {
    const chunks = [];
    res.on('data', (chunk) => chunks.push(chunk));
    res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
    res.on('error', reject);
  });
  request.on('error', reject);
  request.end(r.body);
});
(async () => {
  const from = performance.now() + spec.settleMs;
  const until = from + spec.ms;
  const tokens = spec.kind === 'refresh' ? [...spec.tokens] : [];
  const collected = [];
  const max = spec.maxRequests ?? Infinity;
  let work = 0, issued = 0, failure = null;
  await Promise.all(Array.from({ length: spec.connections }, async (_, c) => {
    while (performance.now() < until && issued < max && !failure) {
      const request = spec.kind === 'cycle'
        ? spec.requests[(spec.start + issued) % spec.requests.length]
        : { method: 'POST', url: spec.url, headers: spec.headers, body: JSON.stringify({ refresh_token: tokens[c] }) };
      issued++;
      const started = performance.now();
      const { status, text } = await send(request);
      const ended = performance.now();
      if (status >= 300) { failure ??= status + ' ' + text.slice(0, 300); break; }
      if (spec.collectField || spec.kind === 'refresh') {
        const answer = JSON.parse(text);
        if (spec.kind === 'refresh') tokens[c] = answer.refresh_token;
        if (spec.collectField && collected.length < (spec.collect ?? Infinity)) collected.push(answer[spec.collectField]);
      }
      const inside = Math.min(ended, until) - Math.max(started, from);
      if (inside > 0) work += ended > started ? inside / (ended - started) : 1;
    }
  }));
  agent.destroy();
  parentPort.postMessage({ rate: work / (spec.ms / 1000), issued, failure, collected, tokens });
})().catch((error) => parentPort.postMessage({ failure: String(error) }));`;

/** Runs one load from a worker thread; a request answered >= 300 fails the run with its answer. */
export function runLoad(spec: CycleSpec | RefreshSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_SCRIPT, { eval: true, workerData: spec });
    worker.once('message', (result: LoadResult & { failure: string | null }) => {
      void worker.terminate();
      if (result.failure) reject(new Error(`a request failed: ${result.failure}`));
      else resolve(result);
    });
    worker.once('error', reject);
  });
}
