/**
 * Vitest set-up file: names the `pg` client behind an unheard 'error' event. Such an event throws
 * where pg parsed it, a stack that says nothing of who opened the connection; this remembers where
 * each client was connected and prints that beside the error. It is how the stray 57P01 of issue 17
 * (vitest.config.ts) will be found; it changes no behaviour.
 */
import pg from 'pg';

type Traced = pg.Client & { connectedAt?: string };
const proto = pg.Client.prototype as Traced;

const connect = proto.connect;
proto.connect = function (this: Traced, ...args: unknown[]) {
  this.connectedAt = new Error('connected').stack;
  return (connect as (...a: unknown[]) => unknown).apply(this, args);
} as typeof proto.connect;

const emit = proto.emit;
proto.emit = function (this: Traced, event: string | symbol, ...args: unknown[]) {
  if (event === 'error' && this.listenerCount('error') === 0) {
    const error = args[0] as { code?: string; message?: string };
    console.error(`unheard pg client error ${error?.code ?? ''} ${error?.message ?? ''} (host ${this.host}, database ${this.database})\n${this.connectedAt}`);
  }
  return emit.call(this, event, ...args);
} as typeof proto.emit;
