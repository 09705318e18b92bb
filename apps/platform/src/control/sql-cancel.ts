/**
 * The SQL editor's scripts that may be cancelled, by query id. A script runs on the node its request
 * reached, and its cancel may reach another one (a round-robin load balancer), so a cancel this node
 * cannot serve is asked of the others on the cluster bus; the node running the script stops it and
 * answers. Only the user who started a script may cancel it.
 */
import { randomUUID } from 'node:crypto';
import type { ControlContext } from './context.ts';

/** Bus channels: a cancel asked of every node, and the answer of the node that stopped the script. */
const SQL_CANCEL = 'sql_cancel';
const SQL_CANCELLED = 'sql_cancelled';
/** How long a cancel waits for another node's answer: a script that finished meanwhile gets none. */
const ANSWER_TIMEOUT_MS = 1500;

interface RunningScript {
  ref: string;
  userId: string;
  stop: () => void;
}

interface CancelAsk {
  ref: string;
  userId: string;
  queryId: string;
}

const registries = new WeakMap<ControlContext, Map<string, RunningScript>>();

function stopHere(scripts: Map<string, RunningScript>, ask: CancelAsk): boolean {
  const running = scripts.get(ask.queryId);
  if (!running || running.ref !== ask.ref || running.userId !== ask.userId) return false;
  running.stop();
  return true;
}

/** This node's running scripts; the first use also starts answering other nodes' cancels. */
function scriptsOf(ctx: ControlContext): Map<string, RunningScript> {
  let scripts = registries.get(ctx);
  if (scripts) return scripts;
  const own = new Map<string, RunningScript>();
  registries.set(ctx, (scripts = own));
  if (ctx.bus.isShared) {
    ctx.bus.subscribe(SQL_CANCEL, (payload, origin) => {
      const ask = payload as (CancelAsk & { askId: string }) | null;
      if (origin === ctx.bus.nodeId || typeof ask?.queryId !== 'string' || !stopHere(own, ask)) return;
      void ctx.bus.publish(SQL_CANCELLED, { askId: ask.askId }).catch(() => undefined);
    });
  }
  return scripts;
}

/** Makes a running script cancellable; returns what to call once it ended. */
export function registerScript(ctx: ControlContext, queryId: string, script: RunningScript): () => void {
  const scripts = scriptsOf(ctx);
  scripts.set(queryId, script);
  return () => {
    if (scripts.get(queryId) === script) scripts.delete(queryId);
  };
}

/** Stops the script, on this node or another; false when it already finished (or is someone else's). */
export async function cancelScript(ctx: ControlContext, ask: CancelAsk): Promise<boolean> {
  if (stopHere(scriptsOf(ctx), ask)) return true;
  if (!ctx.bus.isShared) return false;
  const askId = randomUUID();
  return new Promise<boolean>((resolve) => {
    const done = (isCancelled: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(isCancelled);
    };
    const timer = setTimeout(() => done(false), ANSWER_TIMEOUT_MS);
    const unsubscribe = ctx.bus.subscribe(SQL_CANCELLED, (payload) => {
      if ((payload as { askId?: unknown } | null)?.askId === askId) done(true);
    });
    ctx.bus.publish(SQL_CANCEL, { ...ask, askId }).catch(() => done(false));
  });
}
