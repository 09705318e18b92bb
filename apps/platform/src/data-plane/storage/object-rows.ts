/**
 * storage.objects rows, read and written inside the caller's transaction (as-caller.ts), so RLS
 * decides who may see, add, change or remove which object. Each row names the stored version of its
 * bytes (`version`): the bytes live at `{ref}/{bucket}/{name}/{version}`, so a new upload never
 * overwrites the bytes a reader may be streaming, and the old version is removed once replaced.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../engines/types.ts';
import { StorageError } from './errors.ts';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner_id: string | null;
  version: string | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
}

const COLUMNS = 'id::text as id, bucket_id, name, owner_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The older `owner` column is a uuid; a sub that is not one is kept in owner_id only. */
export function asUuid(value: string | null): string | null {
  return value !== null && UUID.test(value) ? value : null;
}

function present(row: ObjectRow): ObjectRow {
  const iso = (v: string) => new Date(v).toISOString();
  return { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at), last_accessed_at: iso(row.last_accessed_at) };
}

export async function findObject(tx: Queryable, bucketId: string, name: string): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(`select ${COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
  if (!rows[0]) throw new StorageError('NoSuchKey');
  return present(rows[0]);
}

export interface NewObject {
  bucketId: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Inserts the row, or with `upsert` replaces an existing one (which needs the caller's UPDATE
 * policy too). Returns the row and the version it replaced, whose bytes the caller then removes.
 */
export async function putObjectRow(tx: Queryable, object: NewObject, upsert: boolean): Promise<{ row: ObjectRow; replaced: string | null }> {
  const previous = upsert
    ? (await tx.query<{ version: string | null }>('select version from storage.objects where bucket_id = $1 and name = $2 for update', [object.bucketId, object.name])).rows[0]
    : undefined;
  const values = [object.bucketId, object.name, asUuid(object.owner), object.owner, object.version, JSON.stringify(object.metadata), object.userMetadata && JSON.stringify(object.userMetadata)];
  if (previous) {
    // Replacing needs the caller's SELECT and UPDATE policies (RETURNING reads the row back).
    const { rows } = await tx.query<ObjectRow>(
      `update storage.objects set owner = $3, owner_id = $4, version = $5, metadata = $6::jsonb, user_metadata = $7::jsonb,
         last_accessed_at = now() where bucket_id = $1 and name = $2 returning ${COLUMNS}`,
      values,
    );
    // An update that RLS filters out changes nothing rather than failing: refuse it as storage-api does.
    if (!rows[0]) throw new StorageError('AccessDenied');
    return { row: present(rows[0]), replaced: previous.version };
  }
  // A new object needs only the INSERT policy: no RETURNING, which would need SELECT too.
  const id = randomUUID();
  const { rows } = await tx.query<{ now: string }>('select now() as now');
  await tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at)
     values ($8, $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $9, $9, $9)`,
    [...values, id, rows[0].now],
  );
  const now = new Date(rows[0].now).toISOString();
  return {
    row: {
      id, bucket_id: object.bucketId, name: object.name, owner_id: object.owner, version: object.version,
      created_at: now, updated_at: now, last_accessed_at: now, metadata: object.metadata, user_metadata: object.userMetadata,
    },
    replaced: null,
  };
}

/** Renames an object (within or across buckets); the caller's UPDATE policy decides. */
export async function moveObjectRow(tx: Queryable, from: { bucketId: string; name: string }, to: { bucketId: string; name: string }): Promise<ObjectRow> {
  await findObject(tx, from.bucketId, from.name);
  const { rows } = await tx.query<ObjectRow>(
    `update storage.objects set bucket_id = $3, name = $4, last_accessed_at = now() where bucket_id = $1 and name = $2 returning ${COLUMNS}`,
    [from.bucketId, from.name, to.bucketId, to.name],
  );
  if (!rows[0]) throw new StorageError('AccessDenied');
  return present(rows[0]);
}

/** Deletes the rows the caller may delete among `names`; returns them (what storage-api answers). */
export async function deleteObjectRows(tx: Queryable, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const { rows } = await tx.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${COLUMNS}`,
    [bucketId, names],
  );
  return rows.map(present);
}

/** A batch of a bucket's objects, for emptying it a batch at a time. */
export async function deleteObjectBatch(tx: Queryable, bucketId: string, limit: number): Promise<ObjectRow[]> {
  const { rows } = await tx.query<ObjectRow>(
    `delete from storage.objects where id in (select id from storage.objects where bucket_id = $1 limit $2) returning ${COLUMNS}`,
    [bucketId, limit],
  );
  return rows.map(present);
}

/** Bytes stored by the project (the plan's storage quota and the usage page read it). */
export async function storedBytes(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ total: string | number | null }>(`select coalesce(sum((metadata->>'size')::bigint), 0) as total from storage.objects`);
  return Number(rows[0]?.total ?? 0);
}
