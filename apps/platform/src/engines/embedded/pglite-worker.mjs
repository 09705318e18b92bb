// One PGlite instance, run in its own worker thread so a slow query only blocks this thread, never
// the platform's event loop. Plain ESM JavaScript on purpose: it must load under tsx, vitest and
// bare node alike, and a worker does not inherit the parent's TypeScript loader.
//
// Protocol (main -> worker): { id, op, ... } with op one of
//   query {sql, params} | exec {sql} | begin | txQuery {txId, sql, params} | txExec {txId, sql}
//   | commit {txId} | rollback {txId} | snapshotTo {dir, exclude} | prepared {round} | dumpStream {args, inFlight}
//   | listen {channel} | unlisten {channel} | wireBegin | wireExec {wireId, bytes} | wireEnd {wireId, rollback} | close (the main thread terminates the thread after it)
// Reply (worker -> main): { id, ok: true, result } or { id, ok: false, error }; a NOTIFY on a
// channel listened to is posted as { notify: channel, payload } when PGlite delivers it, a piece of a
// dump as { dumpPiece: id, bytes }.
// The worker starts before it knows its database (worker-database.ts keeps one started as a spare):
// its first message is { open: { dataDir, settings } }; once PGlite has opened it, the worker posts
// { ready: true } (or { ready: false, error } if PGlite failed to open).
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { contribExtension } from './contrib-files.mjs';

const { wasmModules, contrib } = workerData;
/** The data directory, known from the first message (see the end of this file). */
let dataDir;

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

const WAL_SEGMENT = /^[0-9A-F]{24}$/;
/** Files copied at once: enough to keep the disk busy, few enough not to run out of descriptors. */
const COPY_PARALLELISM = 16;

/**
 * Copies the data directory to `to` for a read-only snapshot, while nothing else runs in this
 * database: the transaction holds PGlite's mutex, so every other query waits until the copy is
 * done. CHECKPOINT first, so the copy opens without replaying WAL; of pg_wal only the segments from
 * the checkpoint's redo point to the current one are needed (the others are spent or recycled).
 * Returns the WAL position the copy is at, which tells later whether the database changed since.
 */
function snapshotTo(pg, to, exclude) {
  return pg.transaction(async (tx) => {
    await tx.query('checkpoint');
    const { rows: [at] } = await tx.query(
      'select pg_current_wal_lsn()::text as position, redo_wal_file as first_wal, pg_walfile_name(pg_current_wal_lsn()) as last_wal from pg_control_checkpoint()',
    );
    const entries = await readdir(dataDir, { withFileTypes: true, recursive: true });
    const pathOf = (entry) => relative(dataDir, join(entry.parentPath ?? entry.path, entry.name));
    const needed = (entry) => !exclude.includes(entry.name)
      && !(WAL_SEGMENT.test(entry.name) && (entry.name < at.first_wal || entry.name > at.last_wal));
    await mkdir(to, { recursive: true });
    for (const dir of entries.filter((e) => e.isDirectory())) await mkdir(join(to, pathOf(dir)), { recursive: true });
    const files = entries.filter((e) => e.isFile() && needed(e)).map(pathOf);
    let next = 0;
    const copyNext = async () => {
      while (next < files.length) {
        const file = files[next++];
        await copyFile(join(dataDir, file), join(to, file));
      }
    };
    await Promise.all(Array.from({ length: COPY_PARALLELISM }, copyNext));
    return at.position;
  });
}

/**
 * Database.queryPrepared's round (see engines/prepared-statements.ts): its statements as one batch
 * of protocol messages ending in one Sync, i.e. one call into PGlite and one implicit transaction.
 * Waits for open transactions and queries as query() does. Returns the last statement's result.
 */
function runRound(pg, { close, steps }) {
  const { serialize } = protocol;
  const parts = close.map((name) => serialize.close({ type: 'S', name }));
  steps.forEach((step, i) => {
    // Closing a statement that does not exist is no error; one left by a failed round is replaced.
    if (step.sql !== null) parts.push(serialize.close({ type: 'S', name: step.name }), serialize.parse({ name: step.name, text: step.sql, types: step.paramTypes }));
    parts.push(serialize.bind({ statement: step.name, values: step.values }));
    if (i === steps.length - 1) parts.push(serialize.describe({ type: 'P' }));
    parts.push(serialize.execute({}));
  });
  parts.push(serialize.sync());
  const batch = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  parts.reduce((offset, part) => (batch.set(part, offset), offset + part.length), 0);
  return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(async () => {
    const { messages } = await pg.execProtocol(batch, { throwOnError: true });
    // The last statement's messages start after the earlier statements' CommandComplete.
    let start = 0;
    for (let done = 0; done < steps.length - 1; start++) if (messages[start].name === 'commandComplete') done++;
    const [result] = parse.parseResults(messages.slice(start), pg.parsers);
    return toResult(result);
  }));
}

/**
 * pg_dump of this database (see @plinth/pg-dump/pglite), posted to the main thread in pieces as
 * { dumpPiece: id, bytes } before the call's reply, with backpressure through `inFlight` (the thread
 * waits while the reader is behind). It blocks the thread for the whole dump, which is why the engine
 * dumps a snapshot of its own, never the project's worker. Loaded on first use: most workers never dump.
 */
async function dumpStream(pg, id, args, inFlight) {
  const { dumpPgliteInPieces } = await import('@plinth/pg-dump/pglite');
  return dumpPgliteInPieces(pg, args, inFlight, (bytes) => parentPort.postMessage({ dumpPiece: id, bytes }, [bytes.buffer]));
}

// The connection pooler's sessions (engines/types.ts WireSession): while one is open it holds
// PGlite's transaction and query mutexes, exactly as an open transaction() does, so the platform's
// own queries wait behind the pooler client's transaction and never run inside it.
const wireSessions = new Map();
let nextWireId = 1;
// What a pooler client may have changed for the session the platform shares with it: settings
// and role go back to the server's defaults. Not DISCARD ALL or UNLISTEN *: the platform's own
// prepared statements and LISTENs live on this session too.
const WIRE_RESET = 'reset all; reset role; reset session authorization';

function wireBegin(pg) {
  return new Promise((resolveBegin) => {
    const id = nextWireId++;
    pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => new Promise((release) => {
      wireSessions.set(id, { release });
      resolveBegin(id);
    })));
  });
}

function wireOf(id) {
  const session = wireSessions.get(id);
  if (!session) throw new Error(`Pooler session ${id} is not open.`);
  return session;
}

async function wireEnd(pg, id, rollback) {
  const session = wireOf(id);
  wireSessions.delete(id);
  try {
    // Raw, inside the mutexes this session holds (pg.exec would wait for them forever).
    if (rollback) await pg.execProtocolRaw(protocol.serialize.query('rollback'));
    await pg.execProtocolRaw(protocol.serialize.query(WIRE_RESET));
  } finally {
    session.release();
  }
}

// LISTENs by channel: the function PGlite returned to stop each.
const unlistens = new Map();

async function listen(pg, channel) {
  if (unlistens.has(channel)) return null;
  unlistens.set(channel, await pg.listen(channel, (payload) => parentPort.postMessage({ notify: channel, payload })));
  return null;
}

async function unlisten(channel) {
  const stop = unlistens.get(channel);
  unlistens.delete(channel);
  await stop?.();
  return null;
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
    case 'prepared': return runRound(pg, msg.round);
    case 'snapshotTo': return snapshotTo(pg, msg.dir, msg.exclude ?? []);
    case 'dumpStream': return dumpStream(pg, msg.id, msg.args ?? [], msg.inFlight);
    case 'listen': return listen(pg, msg.channel);
    case 'unlisten': return unlisten(msg.channel);
    case 'wireBegin': return wireBegin(pg);
    case 'wireExec': wireOf(msg.wireId); return pg.execProtocolRaw(msg.bytes);
    case 'wireEnd': return wireEnd(pg, msg.wireId, msg.rollback);
    case 'close': {
      for (const id of [...wireSessions.keys()]) await wireEnd(pg, id, true).catch(() => {});
      for (const txId of [...transactions.keys()]) await end(txId, false).catch(() => {});
      await pg.close();
      return null;
    }
    default: throw new Error(`Unknown operation ${msg.op}`);
  }
}

/** Opens PGlite on the directory the first message names; a spare waits here, its modules loaded. */
async function open(message) {
  dataDir = message.dataDir;
  // Defaults replaced, not extended, by startParams: keep PGlite's and append our settings.
  const startParams = [...PGlite.defaultStartParams];
  for (const [name, value] of Object.entries(message.settings ?? {})) startParams.push('-c', `${name}=${value}`);
  // Compiled once by the main thread and shared: compiling the wasm is most of a worker's start-up.
  // The contrib extensions' files, in place before Postgres starts; their libraries load on use.
  const extensions = contrib ? { contrib: contribExtension(contrib) } : {};
  return PGlite.create({ dataDir, startParams, extensions, ...wasmModules });
}

parentPort.once('message', async ({ open: message }) => {
  let pg;
  try {
    pg = await open(message);
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
  parentPort.postMessage({ ready: true });
});
