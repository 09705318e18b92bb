/**
 * pg_dump for any PostgreSQL server, without a pg_dump binary: PGlite's WebAssembly build of pg_dump
 * (`@electric-sql/pglite-tools`, PostgreSQL 18) runs in a worker thread and its wire protocol is
 * relayed to the server over a real connection. The npm PostgreSQL packages ship no pg_dump, and a
 * dump of a server needs a pg_dump at least as new as its major, which this one is for 13 to 18.
 *
 * The connection is opened, authenticated (whatever the server asks: trust, password, SCRAM, TLS)
 * by `pg`, then handed over: the wasm's own start-up is answered from what the server said, and from
 * then on its requests go to the server as they are.
 */
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { WireRelay } from './wire-relay.ts';

const CHUNK_BYTES = 1024 * 1024;
const WORKER_PATH = new URL('./dump-worker.mjs', import.meta.url);

/**
 * The plain-SQL dump (INSERT statements, as pglite-tools runs pg_dump with --inserts) of the database
 * `connection` names. `args` are more pg_dump options (--schema, --data-only, ...). The whole dump is
 * returned as one string: fine for the databases Plinth moves today, not for many gigabytes.
 */
export async function dumpDatabase(connection: pg.ClientConfig, args: string[] = []): Promise<string> {
  const client = new pg.Client(connection);
  const relay = new WireRelay(client);
  await relay.connect();
  const control = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const chunk = new SharedArrayBuffer(CHUNK_BYTES);
  const flags = new Int32Array(control);
  const bytes = new Uint8Array(chunk);
  const worker = new Worker(WORKER_PATH, { workerData: { control, chunk, args } });
  let answer: Buffer = Buffer.alloc(0);
  const sendChunk = () => {
    const length = Math.min(answer.length, CHUNK_BYTES);
    bytes.set(answer.subarray(0, length), 0);
    answer = answer.subarray(length);
    Atomics.store(flags, 1, length);
    Atomics.store(flags, 2, answer.length > 0 ? 1 : 0);
    Atomics.store(flags, 0, 1);
    Atomics.notify(flags, 0);
  };
  try {
    return await new Promise<string>((resolve, reject) => {
      worker.on('message', (message: { request?: Uint8Array; next?: true; dump?: string; error?: string }) => {
        if (message.dump !== undefined) resolve(message.dump);
        else if (message.error !== undefined) reject(new Error(`pg_dump failed: ${message.error}`));
        else if (message.next) sendChunk();
        else if (message.request) {
          relay.send(Buffer.from(message.request)).then((response) => {
            answer = response;
            sendChunk();
          }, reject);
        }
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`pg_dump's worker exited (${code}) before it finished`)));
    });
  } finally {
    await worker.terminate();
    await relay.close();
  }
}
