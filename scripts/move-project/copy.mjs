// The copying half of move-project: the target project, the database (export streamed into import),
// settings, every stored object (streamed from one storage API into the other, hashed on the way) and
// the edge functions' source. Each step prints a line as it goes.
import { createHash, randomBytes } from 'node:crypto';
import { count, eachLimited, ident, literal, MoveError, objectPath } from './api.mjs';
import { buckets, objectPages } from './catalog.mjs';

const project = (ref) => `/projects/${encodeURIComponent(ref)}`;
/** Objects copied at once: enough to hide the round trips, few enough for a shared machine. */
const OBJECT_CONCURRENCY = 4;
const HEALTHY_DEADLINE_MS = 10 * 60_000;

/** The target's organisation: the one named, or the only one the target token's user has. */
async function targetOrganization(target, named) {
  if (named) return named;
  const organizations = await target.json('GET', '/organizations');
  // Supabase's id of an organisation is Plinth's slug.
  if (organizations.length === 1) return organizations[0].id;
  const slugs = organizations.map((organization) => organization.id).join(', ') || 'none';
  throw new MoveError(`Name the target organisation with --target-org <slug> (the target token's: ${slugs}).`);
}

async function waitUntilHealthy(target, ref) {
  const deadline = Date.now() + HEALTHY_DEADLINE_MS;
  for (;;) {
    const { status } = await target.json('GET', project(ref));
    if (status === 'ACTIVE_HEALTHY') return;
    if (/FAILED|REMOVED|UNKNOWN/.test(status) || Date.now() > deadline) throw new MoveError(`The target project ${ref} is ${status}, not ACTIVE_HEALTHY.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A new project on the target, named as the source, once it is healthy; or the empty one given. */
export async function prepareTarget(source, target, ref, { targetRef, targetOrg, log }) {
  const from = await source.json('GET', project(ref));
  if (from.status !== 'ACTIVE_HEALTHY') throw new MoveError(`The source project ${ref} is ${from.status}: only a healthy project moves.`);
  if (targetRef) {
    await waitUntilHealthy(target, targetRef);
    log(`target: project ${targetRef} (given; the import needs it empty)`);
    return { ref: targetRef, name: from.name };
  }
  const organization = await targetOrganization(target, targetOrg);
  // The database password is only for direct connections; one is made when none is given.
  const password = process.env.PLINTH_TARGET_DB_PASSWORD || randomBytes(18).toString('base64url');
  const created = await target.json('POST', '/projects', { name: from.name, organization_slug: organization, db_pass: password });
  log(`target: created project ${created.ref} "${created.name}" in ${organization}; waiting until it is healthy`);
  await waitUntilHealthy(target, created.ref);
  if (!process.env.PLINTH_TARGET_DB_PASSWORD) log(`target: its database password is ${password} (shown once; set PLINTH_TARGET_DB_PASSWORD to choose it)`);
  return { ref: created.ref, name: created.name, created: true };
}

/** The export streams straight into the import: the SQL is never held, here or on either server. */
export async function moveDatabase(source, target, ref, targetRef, log) {
  const exported = await source.api('GET', `${project(ref)}/database/export`);
  const result = await (await target.api('POST', `${project(targetRef)}/database/import`, exported.body, { raw: true, headers: { 'content-type': 'application/sql' } })).json();
  log(`database: ${result.statements} statements imported`);
}

/**
 * Settings the Management API reads and writes: the Data API's schemas and row limit, the auth
 * settings (secrets are never read back, so they are listed for setting by hand) and the upload
 * limit. A setting the target refuses (its plan, say) is a warning, not a failed move.
 */
export async function moveSettings(source, target, ref, targetRef, { log, warn }) {
  const attempt = async (what, fn) => {
    try {
      await fn();
      log(`settings: ${what} copied`);
    } catch (error) {
      if (!(error instanceof MoveError)) throw error;
      warn(`settings: ${what} not copied: ${error.message}`);
    }
  };
  await attempt('Data API', async () => {
    const { db_schema, max_rows } = await source.json('GET', `${project(ref)}/postgrest`);
    await target.json('PATCH', `${project(targetRef)}/postgrest`, { db_schema, max_rows });
  });
  const auth = await source.json('GET', `${project(ref)}/config/auth`);
  const { secrets_set: secretsSet, external_callback_url: _callback, saml_available: _saml, ...fields } = auth;
  const settable = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
  await attempt('auth settings', () => target.json('PATCH', `${project(targetRef)}/config/auth`, settable));
  const authSecrets = Object.entries(secretsSet ?? {}).filter(([, set]) => set).map(([name]) => name);
  if (authSecrets.length > 0) warn(`settings: auth secrets are never read back; set them on the target by hand: ${authSecrets.join(', ')}`);
  await attempt('storage upload limit', async () => {
    const { fileSizeLimit } = await source.json('GET', `${project(ref)}/config/storage`);
    const current = await target.json('GET', `${project(targetRef)}/config/storage`);
    if (current.fileSizeLimit !== fileSizeLimit) await target.json('PATCH', `${project(targetRef)}/config/storage`, { fileSizeLimit });
  });
}

/** One object, streamed from the source's storage API into the target's, its bytes hashed on the way. */
async function copyObject(source, target, ref, targetRef, bucket, object) {
  const download = await source.storage(ref, 'GET', `/object/authenticated/${objectPath(bucket, object.name)}`);
  const hash = createHash('sha256');
  let size = 0;
  const hashing = new TransformStream({
    transform(chunk, controller) {
      hash.update(chunk);
      size += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const body = (download.body ?? new Blob([]).stream()).pipeThrough(hashing);
  await target.storage(targetRef, 'POST', `/object/${objectPath(bucket, object.name)}`, {
    body,
    headers: {
      'content-type': object.content_type ?? 'application/octet-stream',
      'cache-control': object.cache_control ?? 'no-cache',
      'x-upsert': 'true',
      ...(object.user_metadata && { 'x-metadata': Buffer.from(JSON.stringify(object.user_metadata)).toString('base64') }),
    },
  });
  return { size, sha256: hash.digest('hex') };
}

/**
 * The storage API uploads as the service role, so an object's owner (which storage policies often
 * check) and its creation time are set again as they were, one statement a page.
 */
async function restoreOwners(target, targetRef, bucket, page) {
  const rows = page.filter((object) => object.owner || object.owner_id);
  if (rows.length === 0) return;
  const value = (text) => (text == null ? 'null::text' : `${literal(text)}::text`);
  const values = rows.map((object) => `(${value(object.name)}, ${value(object.owner)}, ${value(object.owner_id)}, ${value(object.created_at)})`).join(',\n');
  await target.query(
    targetRef,
    `update storage.objects as o set owner = v.owner::uuid, owner_id = v.owner_id, created_at = v.created_at::timestamptz
       from (values ${values}) as v(${['name', 'owner', 'owner_id', 'created_at'].map(ident).join(', ')})
      where o.bucket_id = ${literal(bucket)} and o.name = v.name`,
  );
}

/** Every object of every bucket (the buckets came with the database). Returns each one's size and sha256, by "bucket/name". */
export async function moveObjects(source, target, ref, targetRef, log) {
  const copied = new Map();
  for (const bucket of await buckets(source, ref)) {
    let objects = 0;
    let bytes = 0;
    for await (const page of objectPages(source, ref, bucket)) {
      await eachLimited(page, OBJECT_CONCURRENCY, async (object) => {
        const facts = await copyObject(source, target, ref, targetRef, bucket, object);
        copied.set(`${bucket}/${object.name}`, facts);
        bytes += facts.size;
      });
      await restoreOwners(target, targetRef, bucket, page);
      objects += page.length;
      log(`storage: ${bucket}: ${count(objects, 'object')}, ${formatBytes(bytes)} so far`);
    }
    if (objects === 0) log(`storage: ${bucket}: empty`);
  }
  return copied;
}

export function formatBytes(bytes) {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** A function's current source as the Management API gives it: its metadata and its files. */
export async function functionSource(site, ref, slug) {
  const response = await site.api('GET', `${project(ref)}/functions/${encodeURIComponent(slug)}/body`, undefined, { headers: { accept: 'multipart/form-data' } });
  const form = await response.formData();
  return { metadata: JSON.parse(form.get('metadata')), files: form.getAll('file') };
}

/** Each edge function deployed on the target from the source's files (its secrets' values are never read back: see verify). */
export async function moveFunctions(source, target, ref, targetRef, log) {
  for (const fn of await source.json('GET', `${project(ref)}/functions`)) {
    const { metadata, files } = await functionSource(source, ref, fn.slug);
    const form = new FormData();
    form.append(
      'metadata',
      JSON.stringify({ entrypoint_path: metadata.entrypoint_path, name: metadata.name, verify_jwt: metadata.verify_jwt, ...(metadata.import_map_path && { import_map_path: metadata.import_map_path }) }),
    );
    for (const file of files) form.append('file', file, file.name);
    const deployed = await target.json('POST', `${project(targetRef)}/functions/deploy?slug=${encodeURIComponent(fn.slug)}`, form, { raw: true });
    log(`functions: ${deployed.slug} deployed (${count(files.length, 'file')})`);
  }
}
