/**
 * The reading end of a dump that another thread writes in pieces (output-device.mjs): a Readable of
 * the pieces, `\restrict` lines stripped (restrict-lines.ts), that tells the writer through a shared
 * counter how much it has taken, so the writer waits while too much is untaken. Used by the relayed
 * dump of a server (index.ts) and by the embedded engine's dump of a PGlite worker.
 */
import { Readable } from 'node:stream';
import { withoutRestrictLines } from './restrict-lines.ts';

/** Bytes the Readable holds before it stops asking (the writer then waits at its own limit). */
const BUFFER_BYTES = 4 * 1024 * 1024;

export interface DumpPieces {
  /** The writer's counter of untaken bytes (one Int32), to hand to it. */
  readonly inFlight: SharedArrayBuffer;
  readonly stream: Readable;
  /** A piece the writer posted. */
  piece(bytes: Uint8Array): void;
  /** The writer is done: what was held back goes out, then the end. */
  end(): void;
}

/**
 * `start` runs on the first read (its failure destroys the stream); `stop` when the stream is
 * destroyed (at its end, on an error, or by the consumer): it must end the writer, which may be
 * waiting for the consumer.
 */
export function dumpPieces(hooks: { start: () => Promise<void>; stop: () => Promise<void> }): DumpPieces {
  const inFlight = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const counter = new Int32Array(inFlight);
  const strip = withoutRestrictLines();
  let started = false;
  let untaken = 0; // bytes pushed while the stream's buffer was full: acknowledged on the next read
  const acknowledge = () => {
    if (untaken === 0) return;
    Atomics.sub(counter, 0, untaken);
    Atomics.notify(counter, 0);
    untaken = 0;
  };
  const stream = new Readable({
    highWaterMark: BUFFER_BYTES,
    read() {
      if (!started) {
        started = true;
        hooks.start().catch((error: unknown) => stream.destroy(error as Error));
      }
      acknowledge();
    },
    destroy(error, callback) {
      hooks.stop().then(() => callback(error), () => callback(error));
    },
  });
  return {
    inFlight,
    stream,
    piece(bytes) {
      if (stream.destroyed) return;
      const piece = strip.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      untaken += bytes.byteLength;
      if (piece.length === 0 || stream.push(piece)) acknowledge();
    },
    end() {
      if (stream.destroyed) return;
      const rest = strip.end();
      if (rest.length > 0) stream.push(rest);
      stream.push(null);
    },
  };
}
