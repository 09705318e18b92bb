/**
 * pg_dump for any PostgreSQL server, without a pg_dump binary: PGlite's WebAssembly build of pg_dump
 * (`@electric-sql/pglite-tools`, PostgreSQL 18) runs in a worker thread and its wire protocol is
 * relayed to the server over a real connection. The npm PostgreSQL packages ship no pg_dump, and a
 * dump of a server needs a pg_dump at least as new as its major, which this one is for 13 to 18.
 *
 * The connection is opened, authenticated (whatever the server asks: trust, password, SCRAM, TLS)
 * by `pg`, then handed over: the wasm's own start-up is answered from what the server said, and from
 * then on its requests go to the server as they are.
 *
 * The dump is a stream (dump-worker.mjs writes pg_dump's output to a device, not a file): a database
 * of any size is dumped in bounded memory, at the pace its consumer takes it.
 */
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { dumpPieces } from './pieces.ts';
import { WireRelay } from './wire-relay.ts';

export { dumpPieces, type DumpPieces } from './pieces.ts';
export { withoutRestrictLines } from './restrict-lines.ts';

const CHUNK_BYTES = 1024 * 1024;
const WORKER_PATH = new URL('./dump-worker.mjs', import.meta.url);

type WorkerMessage = { request?: Uint8Array; next?: true; output?: Uint8Array; done?: number; error?: string };

/**
 * The plain-SQL dump (INSERT statements, as pglite-tools runs pg_dump with --inserts) of the database
 * `connection` names, as a stream of UTF-8 bytes. `args` are more pg_dump options (--schema,
 * --data-only, ...). pg_dump waits while the consumer does not read (about 20 MB in between: 16 MB
 * sent by the worker, 4 MB buffered here); the stream fails if pg_dump does, and destroying it
 * stops pg_dump.
 */
export function dumpDatabaseStream(connection: pg.ClientConfig, args: string[] = []): Readable {
  let worker: Worker | null = null;
  let relay: WireRelay | null = null;
  const stop = async () => {
    const stopping = worker;
    worker = null;
    await stopping?.terminate();
    await relay?.close().catch(() => undefined);
  };

  const start = async () => {
    relay = new WireRelay(new pg.Client(connection));
    await relay.connect();
    if (pieces.stream.destroyed) return stop();
    const control = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
    const chunk = new SharedArrayBuffer(CHUNK_BYTES);
    const flags = new Int32Array(control);
    const answerBytes = new Uint8Array(chunk);
    const started = new Worker(WORKER_PATH, { workerData: { control, chunk, inFlight: pieces.inFlight, args } });
    worker = started;
    let answer: Buffer = Buffer.alloc(0);
    const sendAnswer = () => {
      const length = Math.min(answer.length, CHUNK_BYTES);
      answerBytes.set(answer.subarray(0, length), 0);
      answer = answer.subarray(length);
      Atomics.store(flags, 1, length);
      Atomics.store(flags, 2, answer.length > 0 ? 1 : 0);
      Atomics.store(flags, 0, 1);
      Atomics.notify(flags, 0);
    };
    const fail = (error: Error) => pieces.stream.destroy(error);
    started.on('message', (message: WorkerMessage) => {
      if (message.output) pieces.piece(message.output);
      else if (message.done !== undefined) {
        pieces.end();
        void stop();
      } else if (message.error !== undefined) fail(new Error(`pg_dump failed: ${message.error}`));
      else if (message.next) sendAnswer();
      else if (message.request) {
        relay!.send(Buffer.from(message.request)).then((response) => {
          answer = response;
          sendAnswer();
        }, fail);
      }
    });
    started.on('error', fail);
    started.on('exit', (code) => {
      if (worker === started) fail(new Error(`pg_dump's worker exited (${code}) before it finished`));
    });
  };
  const pieces = dumpPieces({ start, stop });
  return pieces.stream;
}
