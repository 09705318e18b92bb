// One PGlite instance, run in its own worker thread so a slow query only blocks this thread, never
// the platform's event loop. Plain ESM JavaScript on purpose: it must load under tsx, vitest and
// bare node alike, and a worker does not inherit the parent's TypeScript loader.
//
// Protocol (main -> worker): { id, op, ... } with op one of
//   query {sql, params} | exec {sql} | begin | txQuery {txId, sql, params} | txExec {txId, sql}
//   | commit {txId} | rollback {txId} | close (the main thread terminates the thread after it)
// Reply (worker -> main): { id, ok: true, result } or { id, ok: false, error }.
// Once ready, the worker posts { ready: true } (or { ready: false, error } if PGlite failed to open).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, settings, wasmModules } = workerData;

const errorFields = ['severity', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint'];

/** Postgres errors keep their fields as plain data; structured clone would drop all but message. */
function serializeError(err) {
  if (err && typeof err === 'object' && typeof err.code === 'string' && typeof err.severity === 'string') {
    const fields = { code: err.code, message: err.message };
    for (const key of errorFields) if (typeof err[key] === 'string') fields[key] = err[key];
    return { kind: 'postgres', fields };
  }
  return { kind: 'other', message: err instanceof Error ? err.message : String(err), stack: err?.stack };
}

function toResult(res) {
  const changes = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(res.command ?? '');
  return { rows: res.rows, fields: res.fields, affectedRows: changes ? (res.affectedRows ?? 0) : 0 };
}

// Open transactions, by id. PGlite's transaction() holds its mutex until the callback settles, so
// keeping the callback pending until the main thread says commit/rollback makes every other query
// wait behind the transaction, as on a real connection.
const transactions = new Map();
let nextTxId = 1;
const ROLLBACK_REQUESTED = Symbol('rollback requested');

function begin(pg) {
  return new Promise((resolveBegin, rejectBegin) => {
    const txId = nextTxId++;
    const entry = {};
    entry.done = pg.transaction((tx) => new Promise((finish, abort) => {
      entry.tx = tx;
      entry.finish = finish;
      entry.abort = abort;
      resolveBegin(txId);
    }));
    // If BEGIN itself fails, the callback never ran: report it to the begin call.
    entry.done.catch((err) => {
      if (entry.tx) return;
      transactions.delete(txId);
      rejectBegin(err);
    });
    transactions.set(txId, entry);
  });
}

async function end(txId, commit) {
  const entry = transactions.get(txId);
  if (!entry) throw new Error(`Transaction ${txId} is not open.`);
  transactions.delete(txId);
  if (commit) {
    entry.finish();
    await entry.done;
  } else {
    entry.abort(ROLLBACK_REQUESTED);
    await entry.done.catch((err) => { if (err !== ROLLBACK_REQUESTED) throw err; });
  }
}

function txOf(txId) {
  const entry = transactions.get(txId);
  if (!entry) throw new Error(`Transaction ${txId} is not open.`);
  return entry.tx;
}

async function handle(pg, msg) {
  switch (msg.op) {
    case 'query': return toResult(await pg.query(msg.sql, msg.params ?? []));
    case 'exec': await pg.exec(msg.sql); return null;
    case 'begin': return begin(pg);
    case 'txQuery': return toResult(await txOf(msg.txId).query(msg.sql, msg.params ?? []));
    case 'txExec': await txOf(msg.txId).exec(msg.sql); return null;
    case 'commit': await end(msg.txId, true); return null;
    case 'rollback': await end(msg.txId, false); return null;
    case 'close': {
      for (const txId of [...transactions.keys()]) await end(txId, false).catch(() => {});
      await pg.close();
      return null;
    }
    default: throw new Error(`Unknown operation ${msg.op}`);
  }
}

let pg;
try {
  // Defaults replaced, not extended, by startParams: keep PGlite's and append our settings.
  const startParams = [...PGlite.defaultStartParams];
  for (const [name, value] of Object.entries(settings ?? {})) startParams.push('-c', `${name}=${value}`);
  // Compiled once by the main thread and shared: compiling the wasm is most of a worker's start-up.
  pg = await PGlite.create({ dataDir, startParams, ...wasmModules });
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: serializeError(err) });
  process.exit(1);
}

parentPort.on('message', async (msg) => {
  try {
    const result = await handle(pg, msg);
    parentPort.postMessage({ id: msg.id, ok: true, result });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: serializeError(err) });
  }
});
