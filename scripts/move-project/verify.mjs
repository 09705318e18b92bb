// The checking half of move-project: source and target compared through the same APIs, table by
// table (row count and a checksum of the rows, computed by Postgres on each side), sequence by
// sequence, object by object (size and sha256 of the bytes each storage API serves), function by
// function (each file's sha256) and secret by secret (the digests the API gives). Every difference
// is a mismatch, named.
import { createHash } from 'node:crypto';
import { count, eachLimited, objectPath } from './api.mjs';
import { buckets, objectCount, objectPages, objectsNamed, sequenceState, sequences, tableChecksum, tables } from './catalog.mjs';
import { formatBytes, functionSource } from './copy.mjs';

const project = (ref) => `/projects/${encodeURIComponent(ref)}`;
/** Secrets every project has of its own (its URL, its keys): they differ between installations by design. */
const OWN_SECRET = /^SUPABASE_/;

function byName(list, key = 'name') {
  return new Map(list.map((item) => [item[key], item]));
}

function unionOf(a, b) {
  return [...new Set([...a.keys(), ...b.keys()])].sort();
}

/** Collects what verify finds, and prints each line as it is found. */
export function findings(log) {
  const found = { mismatches: [], todo: [], counts: { tables: 0, sequences: 0, objects: 0, functions: 0, secrets: 0 } };
  return {
    found,
    ok: (kind, line) => {
      found.counts[kind]++;
      log(`  ok        ${line}`);
    },
    mismatch: (kind, line) => {
      found.counts[kind]++;
      found.mismatches.push(line);
      log(`  MISMATCH  ${line}`);
    },
    todo: (line) => {
      found.todo.push(line);
      log(`  TO DO     ${line}`);
    },
    log,
  };
}

async function verifyTables(source, target, refs, report) {
  const [from, to] = await Promise.all([tables(source, refs.source), tables(target, refs.target)]).then(([a, b]) => [byName(a), byName(b)]);
  const names = unionOf(from, to);
  const results = new Map();
  // Both sides count at once; two tables at a time keeps two busy databases from becoming eight.
  await eachLimited(names, 2, async (name) => {
    if (!from.has(name) || !to.has(name)) return;
    results.set(name, await Promise.all([tableChecksum(source, refs.source, from.get(name)), tableChecksum(target, refs.target, to.get(name))]));
  });
  for (const name of names) {
    if (!to.has(name)) report.mismatch('tables', `table ${name}: missing on the target`);
    else if (!from.has(name)) report.mismatch('tables', `table ${name}: on the target only`);
    else {
      const [a, b] = results.get(name);
      if (a.rows !== b.rows) report.mismatch('tables', `table ${name}: ${count(a.rows, 'row')} on the source, ${b.rows} on the target`);
      else if (a.checksum !== b.checksum) report.mismatch('tables', `table ${name}: ${count(a.rows, 'row')} on both, but their contents differ (checksum)`);
      else report.ok('tables', `table ${name}: ${count(a.rows, 'row')}, checksum equal`);
    }
  }
}

async function verifySequences(source, target, refs, report) {
  const [from, to] = await Promise.all([sequences(source, refs.source), sequences(target, refs.target)]).then(([a, b]) => [byName(a), byName(b)]);
  for (const name of unionOf(from, to)) {
    if (!to.has(name) || !from.has(name)) {
      report.mismatch('sequences', `sequence ${name}: ${to.has(name) ? 'on the target only' : 'missing on the target'}`);
      continue;
    }
    const [a, b] = await Promise.all([sequenceState(source, refs.source, from.get(name)), sequenceState(target, refs.target, to.get(name))]);
    if (a === b) report.ok('sequences', `sequence ${name}: at ${a}`);
    else report.mismatch('sequences', `sequence ${name}: at ${a} on the source, ${b} on the target`);
  }
}

/** The size and sha256 of the bytes a storage API serves for an object, read as they stream. */
async function hashObject(site, ref, bucket, name) {
  const response = await site.storage(ref, 'GET', `/object/authenticated/${objectPath(bucket, name)}`);
  const hash = createHash('sha256');
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      hash.update(chunk);
      size += chunk.byteLength;
    }
  }
  return { size, sha256: hash.digest('hex') };
}

/** What an object's row says besides its bytes, as it must read on both sides. */
function objectFacts(object) {
  return JSON.stringify([object.size, object.content_type, object.cache_control, object.user_metadata ?? null, object.owner, object.owner_id]);
}

async function verifyBucket(source, target, refs, bucket, copied, report) {
  let seen = 0;
  let bytes = 0;
  let bad = 0;
  for await (const page of objectPages(source, refs.source, bucket)) {
    const there = await objectsNamed(target, refs.target, bucket, page.map((object) => object.name));
    await eachLimited(page, 4, async (object) => {
      const key = `${bucket}/${object.name}`;
      const other = there.get(object.name);
      let problem = null;
      if (!other) problem = 'missing on the target';
      else if (objectFacts(object) !== objectFacts(other)) problem = `its details differ: ${objectFacts(object)} on the source, ${objectFacts(other)} on the target`;
      else {
        const [a, b] = await Promise.all([copied?.get(key) ?? hashObject(source, refs.source, bucket, object.name), hashObject(target, refs.target, bucket, object.name)]);
        if (a.size !== b.size) problem = `${a.size} bytes on the source, ${b.size} on the target`;
        else if (a.sha256 !== b.sha256) problem = `same size, different bytes (sha256 ${a.sha256.slice(0, 12)}… vs ${b.sha256.slice(0, 12)}…)`;
        else bytes += a.size;
      }
      seen++;
      if (problem) {
        bad++;
        report.mismatch('objects', `object ${key}: ${problem}`);
      } else report.found.counts.objects++;
    });
  }
  const extra = (await objectCount(target, refs.target, bucket)) - seen;
  if (extra > 0) report.mismatch('objects', `bucket ${bucket}: ${extra} object(s) on the target only`);
  if (bad === 0 && extra <= 0) report.log(`  ok        bucket ${bucket}: ${count(seen, 'object')}, ${formatBytes(bytes)}, sizes and sha256 equal`);
}

async function verifyObjects(source, target, refs, copied, report) {
  const [from, to] = await Promise.all([buckets(source, refs.source), buckets(target, refs.target)]);
  for (const bucket of [...new Set([...from, ...to])].sort()) {
    if (!to.includes(bucket)) report.mismatch('objects', `bucket ${bucket}: missing on the target`);
    else if (!from.includes(bucket)) report.mismatch('objects', `bucket ${bucket}: on the target only`);
    else await verifyBucket(source, target, refs, bucket, copied, report);
  }
}

/** A function's source as comparable text: its settings and each file's path and sha256. */
function sourceFacts({ metadata, files }) {
  const digests = Promise.all(files.map(async (file) => `${file.name}=${createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex')}`));
  return digests.then((list) => JSON.stringify({ entrypoint: metadata.entrypoint_path, importMap: metadata.import_map_path ?? null, verifyJwt: metadata.verify_jwt, files: list.sort() }));
}

async function verifyFunctions(source, target, refs, report) {
  const [from, to] = await Promise.all([source.json('GET', `${project(refs.source)}/functions`), target.json('GET', `${project(refs.target)}/functions`)]).then(([a, b]) => [byName(a, 'slug'), byName(b, 'slug')]);
  for (const slug of unionOf(from, to)) {
    if (!to.has(slug) || !from.has(slug)) {
      report.mismatch('functions', `function ${slug}: ${to.has(slug) ? 'on the target only' : 'missing on the target'}`);
      continue;
    }
    const [a, b] = await Promise.all([functionSource(source, refs.source, slug).then(sourceFacts), functionSource(target, refs.target, slug).then(sourceFacts)]);
    if (a === b) report.ok('functions', `function ${slug}: same files and settings`);
    else report.mismatch('functions', `function ${slug}: source or settings differ`);
  }
}

/** Secrets' values are never read back (a digest only): one the target lacks is to be set by hand. */
async function verifySecrets(source, target, refs, report) {
  const [from, to] = await Promise.all([source.json('GET', `${project(refs.source)}/secrets`), target.json('GET', `${project(refs.target)}/secrets`)]).then(([a, b]) => [byName(a), byName(b)]);
  const missing = [];
  for (const [name, secret] of from) {
    if (OWN_SECRET.test(name)) continue;
    if (!to.has(name)) missing.push(name);
    else if (to.get(name).value !== secret.value) report.mismatch('secrets', `secret ${name}: a different value on the target`);
    else report.ok('secrets', `secret ${name}: same value`);
  }
  if (missing.length > 0) report.todo(`function secrets to set on the target (the API never reads a value back): ${missing.join(', ')}`);
}

/** What an export leaves behind by design, counted so nobody learns of it later. */
async function leftBehind(source, ref, report) {
  // A schema the source's engine lacks (no cron installed) holds nothing to leave behind.
  const rowsIn = async (sql) => Number((await source.query(ref, sql).catch(() => [{ n: 0 }]))[0]?.n ?? 0);
  const vault = await rowsIn('select count(*)::int as n from vault.secrets');
  const cron = await rowsIn('select count(*)::int as n from cron.job');
  if (vault > 0) report.todo(`${vault} Vault secret(s) stay behind (encrypted with the source project's key): create them again on the target`);
  if (cron > 0) report.todo(`${cron} cron job(s) stay behind: schedule them again on the target`);
}

/** Verifies the target against the source; `copied` (from the move) saves reading the source's objects again. */
export async function verifyMove(source, target, refs, { copied, log }) {
  const report = findings(log);
  log(`verify: ${source.url} ${refs.source} -> ${target.url} ${refs.target}`);
  await verifyTables(source, target, refs, report);
  await verifySequences(source, target, refs, report);
  await verifyObjects(source, target, refs, copied, report);
  await verifyFunctions(source, target, refs, report);
  await verifySecrets(source, target, refs, report);
  await leftBehind(source, refs.source, report);
  return report.found;
}
