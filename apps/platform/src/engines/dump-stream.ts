/**
 * Engine.dumpStream answers a stream at once, while what it dumps from (a snapshot, a cluster scale
 * to zero stopped) may still be getting ready: the stream those steps open is passed through, a
 * failure on the way fails it, and destroying it before then destroys what they open.
 */
import { PassThrough, pipeline, type Readable } from 'node:stream';

export function streamOpenedLater(open: () => Promise<Readable>): Readable {
  const out = new PassThrough();
  open().then(
    (source) => {
      if (out.destroyed) source.destroy();
      else pipeline(source, out, () => undefined); // an error of either end destroys the other
    },
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}
