/** storage.buckets rows, read and written inside the caller's transaction (as-caller.ts), so RLS decides. */
import type { Queryable } from '../../engines/types.ts';
import { StorageError } from './errors.ts';
import { asUuid } from './object-rows.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface BucketSettings {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

const COLUMNS = `id, name, coalesce(owner_id, owner::text, '') as owner, coalesce(public, false) as public,
  file_size_limit, allowed_mime_types, created_at, updated_at`;

function present(row: BucketRow): BucketRow {
  return {
    ...row,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** Bucket ids are path segments and key prefixes: the object stores' own rule, and no '/'. */
export function assertBucketId(id: string): void {
  if (id === '' || id.length > 100 || id === '.' || id === '..' || /[\/\\\u0000-\u001f\u007f]/.test(id) || /\s$/.test(id)) {
    throw new StorageError('InvalidBucketName', `Bucket name invalid: ${JSON.stringify(id.slice(0, 100))}`);
  }
}

export async function listBuckets(tx: Queryable, options: { search?: string; limit?: number; offset?: number } = {}): Promise<BucketRow[]> {
  const { rows } = await tx.query<BucketRow>(
    `select ${COLUMNS} from storage.buckets where ($1 = '' or name ilike '%' || $1 || '%') order by name limit $2 offset $3`,
    [options.search ?? '', options.limit ?? 10_000, options.offset ?? 0],
  );
  return rows.map(present);
}

export async function findBucket(tx: Queryable, id: string): Promise<BucketRow> {
  const { rows } = await tx.query<BucketRow>(`select ${COLUMNS} from storage.buckets where id = $1`, [id]);
  if (!rows[0]) throw new StorageError('NoSuchBucket');
  return present(rows[0]);
}

export async function insertBucket(tx: Queryable, bucket: { id: string; name: string; owner: string | null } & BucketSettings): Promise<void> {
  await tx.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [bucket.id, bucket.name, asUuid(bucket.owner), bucket.owner, bucket.public ?? false, bucket.file_size_limit ?? null, bucket.allowed_mime_types ?? null],
  );
}

/** Only the settings the request names change; RLS may hide the row, which reads as not found. */
export async function updateBucket(tx: Queryable, id: string, settings: BucketSettings): Promise<void> {
  const { affectedRows } = await tx.query(
    `update storage.buckets set
       public = case when $2 then $3 else public end,
       file_size_limit = case when $4 then $5 else file_size_limit end,
       allowed_mime_types = case when $6 then $7::text[] else allowed_mime_types end,
       updated_at = now()
     where id = $1`,
    [id, settings.public !== undefined, settings.public ?? null, settings.file_size_limit !== undefined, settings.file_size_limit ?? null,
      settings.allowed_mime_types !== undefined, settings.allowed_mime_types ?? null],
  );
  if (affectedRows === 0) throw new StorageError('NoSuchBucket');
}

/** Refused while objects remain (their foreign key), as Supabase refuses. */
export async function deleteBucket(tx: Queryable, id: string): Promise<void> {
  const { affectedRows } = await tx.query('delete from storage.buckets where id = $1', [id]);
  if (affectedRows === 0) throw new StorageError('NoSuchBucket');
}
