// A folder of many objects and the time its list calls take: rows inserted with one SQL statement
// through the platform's SQL endpoint (the rows storage writes, without bytes: a list reads rows
// only), then each list call timed by the client and by the platform itself (the duration its
// storage_logs entry records, read from the platform database).
import { join } from 'node:path';
import http from 'node:http';
import pg from 'pg';
import { socketDirFor } from '../../apps/platform/src/engines/local/socket-dir.ts';
import type { ApiClient } from '../../apps/platform/test/support/client.ts';

export interface ListCase {
  name: string;
  path: string;
  body?: unknown;
  method?: 'GET' | 'POST' | 'DELETE';
}

export interface ListTimings {
  name: string;
  /** Per run, ascending, in ms. */
  client: number[];
  server: number[];
  items: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One storage call over a kept-alive connection: its status and parsed answer. */
export function storageCall(url: string, headers: Record<string, string>, c: Pick<ListCase, 'method' | 'body'>): Promise<{ status: number; body: unknown }> {
  const payload = c.body === undefined ? undefined : JSON.stringify(c.body);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      agent,
      method: c.method ?? (payload ? 'POST' : 'GET'),
      headers: { ...headers, ...(payload && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }) },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** Objects `prefix/file-000001.txt`...: rows as an upload leaves them (metadata with size and mimetype, a version). */
export async function fillFolder(api: ApiClient, ref: string, bucket: string, prefix: string, count: number): Promise<void> {
  const query = `insert into storage.objects (bucket_id, name, version, metadata)
    select '${bucket}', '${prefix}/file-' || lpad(g::text, 6, '0') || '.txt', gen_random_uuid()::text,
      jsonb_build_object('eTag', '"' || md5(g::text) || '"', 'size', 1000 + g % 5000, 'mimetype', 'text/plain',
        'cacheControl', 'max-age=3600', 'lastModified', now(), 'contentLength', 1000 + g % 5000, 'httpStatusCode', 200)
      from generate_series(1, ${count}) g;
    analyze storage.objects;`;
  const { status, body } = await api.post(`/api/platform/pg-meta/${ref}/query`, { query, statement_timeout_ms: 600_000 });
  if (status >= 300) throw new Error(`inserting the folder's rows answered ${status}: ${JSON.stringify(body)}`);
}

/** The platform database of a local-engine platform on `dataDir`, through its socket. */
export async function platformDatabase(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ host: socketDirFor(join(dataDir, 'platform-cluster')), port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
}

/** The durations the platform logged for `path` since `since`, once `count` of them are written (batches flush every 250 ms). */
async function loggedDurations(db: pg.Client, ref: string, path: string, since: Date, count: number): Promise<number[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await db.query<{ ms: number }>(
      `select (metadata->>'duration')::float8 as ms from storage_logs
        where project_ref = $1 and metadata->>'path' = $2 and timestamp >= $3 order by timestamp`,
      [ref, path, since],
    );
    if (rows.length >= count) return rows.map((row) => row.ms);
    if (Date.now() > deadline) throw new Error(`${rows.length} of ${count} storage_logs entries for ${path} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `runs` sequential calls of a case after two to warm up: client and server time of each. */
export async function timeCase(
  db: pg.Client, storageUrl: string, ref: string, headers: Record<string, string>, c: ListCase, runs: number,
): Promise<ListTimings> {
  const call = async () => {
    const { status, body } = await storageCall(`${storageUrl}${c.path}`, headers, c);
    if (status !== 200) throw new Error(`${c.name} answered ${status}: ${JSON.stringify(body)}`);
    return body;
  };
  await call();
  await call();
  // Log timestamps are the platform's clock in ms (the same machine's): a few ms apart from the warm-up's.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const since = new Date();
  const client: number[] = [];
  let items = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const body = await call();
    client.push(performance.now() - started);
    items = Array.isArray(body) ? body.length : 1;
  }
  const server = await loggedDurations(db, ref, c.path, since, runs);
  return { name: c.name, client: client.sort((a, b) => a - b), server: server.slice(0, runs).sort((a, b) => a - b), items };
}

export function closeAgent(): void {
  agent.destroy();
}
