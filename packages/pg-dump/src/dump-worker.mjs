// Runs PGlite's WebAssembly pg_dump in a worker thread. The wasm calls its connection synchronously
// (write a request, then read the answer), so each request is handed to the main thread, which talks
// to the real server, and this thread blocks on Atomics.wait until the answer is in shared memory.
// Plain JavaScript so it runs as a worker under tsx, vitest and node alike.
//
// The dump itself is streamed out, never held whole: pglite-tools runs pg_dump with `-f /tmp/out.sql`
// in the wasm's in-memory file system and reads that file back as one string (over ~500 MB, a
// string V8 cannot make). pglite-tools has no option for another sink, so /tmp/out.sql is made a
// character device before pg_dump starts: each write goes to the main thread in 1 MB pieces, and
// this thread waits while more than MAX_IN_FLIGHT bytes are not yet taken by the consumer. The
// device is made from the emscripten Module's onRuntimeInitialized (FS is ready, main not yet
// called), which pglite-tools assigns in a preRun hook; the Module is reached through a setter of
// that name on Object.prototype, installed just for the call (the options object has no own
// property of that name, so the assignment lands in the setter with `this` = Module). pglite-tools'
// own readFile of the device afterwards reads 0 bytes. The `\restrict` lines it would strip from
// that string are stripped from the stream by the main thread (index.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

const { control, chunk, args } = workerData;
// [0] 1 when an answer chunk is ready, [1] its length, [2] 1 when more follow,
// [3] dump bytes sent to the main thread and not yet taken by the consumer.
const flags = new Int32Array(control);
const bytes = new Uint8Array(chunk);
const OUT_PATH = '/tmp/out.sql';
const PIECE_BYTES = 1024 * 1024;
const MAX_IN_FLIGHT = 16 * 1024 * 1024;

const connection = {
  // pglite-tools asks for and restores the search_path of a PGlite instance; a server session is ours alone.
  async query() {
    return { rows: [{ search_path: 'public' }] };
  },
  async exec() {},
  execProtocolRawStream(request, { onRawData }) {
    Atomics.store(flags, 0, 0);
    parentPort.postMessage({ request: Uint8Array.from(request) });
    for (;;) {
      Atomics.wait(flags, 0, 0);
      const length = Atomics.load(flags, 1);
      const hasMore = Atomics.load(flags, 2) === 1;
      if (length > 0) onRawData(bytes.slice(0, length));
      Atomics.store(flags, 0, 0);
      if (!hasMore) return;
      parentPort.postMessage({ next: true });
    }
  },
};

/** pg_dump's output, gathered into pieces and handed to the main thread with backpressure. */
const output = {
  piece: new Uint8Array(PIECE_BYTES),
  used: 0,
  total: 0,
  write(data) {
    let offset = 0;
    while (offset < data.length) {
      const length = Math.min(data.length - offset, PIECE_BYTES - this.used);
      this.piece.set(data.subarray(offset, offset + length), this.used);
      this.used += length;
      offset += length;
      if (this.used === PIECE_BYTES) this.flush();
    }
    this.total += data.length;
  },
  flush() {
    if (this.used === 0) return;
    const piece = this.piece.slice(0, this.used);
    this.used = 0;
    Atomics.add(flags, 3, piece.length);
    parentPort.postMessage({ output: piece }, [piece.buffer]);
    for (let inFlight = Atomics.load(flags, 3); inFlight > MAX_IN_FLIGHT; inFlight = Atomics.load(flags, 3)) {
      Atomics.wait(flags, 3, inFlight);
    }
  },
};

function makeOutputDevice(Module) {
  const { FS } = Module;
  const device = FS.makedev(64, 0);
  FS.registerDevice(device, {
    close() {
      output.flush();
    },
    read: () => 0,
    write(_stream, buffer, offset, length) {
      output.write(buffer.subarray(offset, offset + length));
      return length;
    },
    // pg_dump asks where it is (ftello) but never goes back: a seek that stays put is answered, any other fails.
    llseek(stream, offset, whence) {
      const position = whence === 0 ? offset : whence === 1 ? stream.position + offset : output.total + offset;
      if (position !== output.total) throw new FS.ErrnoError(70); // ESPIPE
      return position;
    },
  });
  FS.mkdev(OUT_PATH, device);
}

/** Runs `run` with the Module's onRuntimeInitialized wrapped to make the output device first. */
async function withOutputDevice(run) {
  let made = false;
  Object.defineProperty(Object.prototype, 'onRuntimeInitialized', {
    configurable: true,
    set(initialize) {
      delete Object.prototype.onRuntimeInitialized; // only this one assignment is ours
      const Module = this;
      Object.defineProperty(Module, 'onRuntimeInitialized', {
        configurable: true,
        writable: true,
        value() {
          makeOutputDevice(Module);
          made = true;
          return initialize.call(this);
        },
      });
    },
  });
  try {
    return await run(() => made);
  } finally {
    delete Object.prototype.onRuntimeInitialized;
  }
}

try {
  await withOutputDevice(async (deviceMade) => {
    const file = await pgDump({ pg: connection, args });
    if (!deviceMade()) throw new Error('pglite-tools changed how it starts pg_dump (no onRuntimeInitialized): the dump could not be streamed');
    output.flush();
    // pglite-tools read the device back (0 bytes); what pg_dump wrote has gone to the main thread.
    if (output.total === 0) {
      const leftover = (await file.text()).length;
      throw new Error(`pglite-tools changed where pg_dump writes: nothing reached ${OUT_PATH} (${leftover} characters elsewhere)`);
    }
  });
  parentPort.postMessage({ done: output.total });
} catch (error) {
  // emscripten's file system throws ErrnoError objects, which are no Error: their errno says what failed.
  const message = error instanceof Error ? error.message : error?.errno !== undefined ? `file system error, errno ${error.errno}` : String(error);
  parentPort.postMessage({ error: message });
}
