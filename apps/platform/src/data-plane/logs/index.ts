import type { ControlContext } from '../../control/context.ts';
import { EdgeLogWriter } from './edge-logs.ts';

export { EdgeLogWriter, type EdgeLogOptions, type EdgeLogRequest } from './edge-logs.ts';

const writers = new WeakMap<ControlContext, EdgeLogWriter>();

/** The platform's one edge-log writer (into its own database). flush() in tests; close() on shutdown. */
export function edgeLogWriterFor(ctx: ControlContext): EdgeLogWriter {
  let writer = writers.get(ctx);
  if (!writer) {
    writer = new EdgeLogWriter(ctx.db, { onError: (error) => ctx.log.error(`edge log write failed: ${error instanceof Error ? error.message : String(error)}`) });
    writers.set(ctx, writer);
  }
  return writer;
}
