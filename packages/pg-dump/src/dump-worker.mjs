// Runs PGlite's WebAssembly pg_dump in a worker thread. The wasm calls its connection synchronously
// (write a request, then read the answer), so each request is handed to the main thread, which talks
// to the real server, and this thread blocks on Atomics.wait until the answer is in shared memory.
// Plain JavaScript so it runs as a worker under tsx, vitest and node alike. The dump itself is
// streamed out to the main thread in pieces, with backpressure (output-device.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { describeDumpError, dumpInPieces } from './output-device.mjs';

const { control, chunk, inFlight, args } = workerData;
// [0] 1 when an answer chunk is ready, [1] its length, [2] 1 when more follow.
const flags = new Int32Array(control);
const bytes = new Uint8Array(chunk);

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

try {
  const total = await dumpInPieces(connection, args, inFlight, (piece) => parentPort.postMessage({ output: piece }, [piece.buffer]));
  parentPort.postMessage({ done: total });
} catch (error) {
  parentPort.postMessage({ error: describeDumpError(error) });
}
