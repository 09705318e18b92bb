// pg_dump's output streamed out of the thread it runs in, never held whole. Plain JavaScript: both
// dump-worker.mjs (pg_dump relayed to a server) and the embedded engine's PGlite worker (pglite.mjs)
// run it, neither with a TypeScript loader.
//
// pglite-tools runs pg_dump with `-f /tmp/out.sql` in the wasm's in-memory file system and reads that
// file back as one string (over ~500 MB, a string V8 cannot make). pglite-tools has no option for
// another sink, so /tmp/out.sql is made a character device before pg_dump starts: each write goes to
// `post` in 1 MB pieces, and this thread waits while more than MAX_IN_FLIGHT bytes are not yet taken
// by the consumer (a shared counter the reading thread lowers, pieces.ts). The device is made from
// the emscripten Module's onRuntimeInitialized (FS is ready, main not yet called), which pglite-tools
// assigns in a preRun hook; the Module is reached through a setter of that name on
// Object.prototype, installed just for the call (the options object has no own property of that
// name, so the assignment lands in the setter with `this` = Module). pglite-tools' own readFile of
// the device afterwards reads 0 bytes. The `\restrict` lines it would strip from that string are
// stripped from the stream by the reading thread (pieces.ts).
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

const OUT_PATH = '/tmp/out.sql';
const PIECE_BYTES = 1024 * 1024;
const MAX_IN_FLIGHT = 16 * 1024 * 1024;

/**
 * Where pg_dump's bytes go: gathered into pieces, each handed to `post` (which may transfer its
 * buffer); `inFlight` is an Int32Array of one element shared with the reader, raised here by each
 * piece and lowered by the reader as it takes them.
 */
function pieceSink(inFlight, post) {
  return {
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
      Atomics.add(inFlight, 0, piece.length);
      post(piece);
      for (let pending = Atomics.load(inFlight, 0); pending > MAX_IN_FLIGHT; pending = Atomics.load(inFlight, 0)) {
        Atomics.wait(inFlight, 0, pending);
      }
    },
  };
}

function makeOutputDevice(Module, sink) {
  const { FS } = Module;
  const device = FS.makedev(64, 0);
  FS.registerDevice(device, {
    close() {
      sink.flush();
    },
    read: () => 0,
    write(_stream, buffer, offset, length) {
      sink.write(buffer.subarray(offset, offset + length));
      return length;
    },
    // pg_dump asks where it is (ftello) but never goes back: a seek that stays put is answered, any other fails.
    llseek(stream, offset, whence) {
      const position = whence === 0 ? offset : whence === 1 ? stream.position + offset : sink.total + offset;
      if (position !== sink.total) throw new FS.ErrnoError(70); // ESPIPE
      return position;
    },
  });
  FS.mkdev(OUT_PATH, device);
}

/** Runs `run` with the Module's onRuntimeInitialized wrapped to make the output device first. */
async function withOutputDevice(sink, run) {
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
          makeOutputDevice(Module, sink);
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

/**
 * Runs pglite-tools' pg_dump on `pg` (a PGlite instance, or a connection that answers as one) with
 * `args`, its output posted in pieces (see above). `inFlightBuffer`: the SharedArrayBuffer of the
 * reader's counter. Resolves with the number of bytes written.
 */
export async function dumpInPieces(pg, args, inFlightBuffer, post) {
  const sink = pieceSink(new Int32Array(inFlightBuffer), post);
  await withOutputDevice(sink, async (deviceMade) => {
    const file = await pgDump({ pg, args });
    if (!deviceMade()) throw new Error('pglite-tools changed how it starts pg_dump (no onRuntimeInitialized): the dump could not be streamed');
    sink.flush();
    // pglite-tools read the device back (0 bytes); what pg_dump wrote has gone to the reader.
    if (sink.total === 0) {
      const leftover = (await file.text()).length;
      throw new Error(`pglite-tools changed where pg_dump writes: nothing reached ${OUT_PATH} (${leftover} characters elsewhere)`);
    }
  });
  return sink.total;
}

/** An error as a message: emscripten's file system throws ErrnoError objects, which are no Error. */
export function describeDumpError(error) {
  return error instanceof Error ? error.message : error?.errno !== undefined ? `file system error, errno ${error.errno}` : String(error);
}
