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
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { withoutRestrictLines } from './restrict-lines.ts';
import { WireRelay } from './wire-relay.ts';

const CHUNK_BYTES = 1024 * 1024;
const WORKER_PATH = new URL('./dump-worker.mjs', import.meta.url);
/** Index in the control words of the dump bytes the worker sent and the consumer has not taken. */
const IN_FLIGHT = 3;

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
  let flags: Int32Array | null = null;
  let untaken = 0; // bytes pushed while the stream's buffer was full: acknowledged on the next read
  const acknowledge = () => {
    if (!flags || untaken === 0) return;
    Atomics.sub(flags, IN_FLIGHT, untaken);
    Atomics.notify(flags, IN_FLIGHT);
    untaken = 0;
  };
  const stop = async () => {
    const stopping = worker;
    worker = null;
    await stopping?.terminate();
    await relay?.close().catch(() => undefined);
  };
  const strip = withoutRestrictLines();

  const stream = new Readable({
    highWaterMark: 4 * CHUNK_BYTES,
    read() {
      if (worker) acknowledge();
      else if (!relay) start().catch((error: unknown) => stream.destroy(error as Error));
    },
    destroy(error, callback) {
      stop().then(() => callback(error), () => callback(error));
    },
  });

  const start = async () => {
    relay = new WireRelay(new pg.Client(connection));
    await relay.connect();
    if (stream.destroyed) return stop();
    const control = new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT);
    const chunk = new SharedArrayBuffer(CHUNK_BYTES);
    flags = new Int32Array(control);
    const answerBytes = new Uint8Array(chunk);
    const started = new Worker(WORKER_PATH, { workerData: { control, chunk, args } });
    worker = started;
    let answer: Buffer = Buffer.alloc(0);
    const sendAnswer = () => {
      const length = Math.min(answer.length, CHUNK_BYTES);
      answerBytes.set(answer.subarray(0, length), 0);
      answer = answer.subarray(length);
      Atomics.store(flags!, 1, length);
      Atomics.store(flags!, 2, answer.length > 0 ? 1 : 0);
      Atomics.store(flags!, 0, 1);
      Atomics.notify(flags!, 0);
    };
    const fail = (error: Error) => stream.destroy(error);
    started.on('message', (message: WorkerMessage) => {
      if (message.output) {
        const piece = strip.write(Buffer.from(message.output.buffer, message.output.byteOffset, message.output.byteLength));
        untaken += message.output.byteLength;
        if (piece.length === 0 || stream.push(piece)) acknowledge();
      } else if (message.done !== undefined) {
        const rest = strip.end();
        if (rest.length > 0) stream.push(rest);
        stream.push(null);
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
  return stream;
}

/**
 * The same dump as one string, for the callers that need it whole (a database export handed to the
 * browser). A database over a few hundred megabytes does not fit: stream it (dumpDatabaseStream).
 */
export async function dumpDatabase(connection: pg.ClientConfig, args: string[] = []): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of dumpDatabaseStream(connection, args)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
