/**
 * Whether a project's database answers: the connecting screen's `/projects/{ref}/live` and the
 * `postgrestStatus` every project read carries (spec document 1 §4: OFFLINE shows the offline
 * notice). One `select 1` through the engine, cut off after 2 s. The engines decide what "answers"
 * means for a database that is not running: a local cluster stopped by scale to zero is live
 * without being started (engine.isLive), one whose start failed is not.
 *
 * The status is cached per node for a few seconds: every project read would otherwise be a query on
 * the project's database. The cache holds only what a fresh probe would say again; losing it (or
 * another node not having it) costs one probe.
 */
import type { ControlContext } from './context.ts';
import { locationOf, type ProjectRow } from './project-rows.ts';

/** The spec's liveness time-out: a database slower than this to say `select 1` is not live. */
export const LIVE_TIMEOUT_MS = 2_000;
/** How long a probe's answer stands for postgrestStatus on this node. */
const STATUS_TTL_MS = 3_000;

type Row = Pick<ProjectRow, 'ref' | 'db_server' | 'status'>;
interface Seen {
  live: boolean;
  at: number;
}
interface NodeState {
  seen: Map<string, Seen>;
  probing: Map<string, Promise<boolean>>;
}

// Keyed by the context, so several platforms in one process (tests) keep theirs apart.
const nodes = new WeakMap<ControlContext, NodeState>();

function stateOf(ctx: ControlContext): NodeState {
  let state = nodes.get(ctx);
  if (!state) {
    state = { seen: new Map(), probing: new Map() };
    nodes.set(ctx, state);
  }
  return state;
}

function withTimeout(probe: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([probe.catch(() => false), timeout]).finally(() => clearTimeout(timer));
}

/** Asks the database now (concurrent callers share one probe) and remembers the answer. */
export function probeLive(ctx: ControlContext, row: Row): Promise<boolean> {
  if (row.status !== 'ACTIVE_HEALTHY') return Promise.resolve(false);
  const state = stateOf(ctx);
  const running = state.probing.get(row.ref);
  if (running) return running;
  const probe = withTimeout(ctx.engine.isLive(locationOf(row)), LIVE_TIMEOUT_MS)
    .then((live) => {
      state.seen.set(row.ref, { live, at: Date.now() });
      return live;
    })
    .finally(() => state.probing.delete(row.ref));
  state.probing.set(row.ref, probe);
  return probe;
}

/** postgrestStatus of one project read: a recent answer on this node, or a new probe. */
export async function postgrestStatusOf(ctx: ControlContext, row: Row): Promise<'ONLINE' | 'OFFLINE'> {
  if (row.status !== 'ACTIVE_HEALTHY') return 'OFFLINE';
  const seen = stateOf(ctx).seen.get(row.ref);
  const live = seen && Date.now() - seen.at < STATUS_TTL_MS ? seen.live : await probeLive(ctx, row);
  return live ? 'ONLINE' : 'OFFLINE';
}

/**
 * postgrestStatus in a project list, without probing: a list would otherwise open every project's
 * database (waking each embedded worker) on every poll. A running project reads OFFLINE only while
 * this node's last probe of it, still recent, found it not answering.
 */
export function knownPostgrestStatus(ctx: ControlContext, row: Row): 'ONLINE' | 'OFFLINE' {
  if (row.status !== 'ACTIVE_HEALTHY') return 'OFFLINE';
  const seen = stateOf(ctx).seen.get(row.ref);
  return seen && !seen.live && Date.now() - seen.at < STATUS_TTL_MS * 10 ? 'OFFLINE' : 'ONLINE';
}
