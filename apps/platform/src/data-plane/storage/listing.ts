/**
 * One page of a folder: its sub-folders (id and metadata null) and its files, as storage-api's
 * `list` answers. Sorted by name, a page is a loose index scan over (bucket_id, name collate "C"):
 * each step jumps to the first name after the previous item (past a whole sub-folder at once), so
 * the first page of a folder of 100,000 files reads about a page of index entries, not the folder.
 * A search or another sort order groups the folder instead (it must see every entry anyway).
 */
import type { Queryable } from '../../engines/types.ts';

export interface ListOptions {
  /** The folder, without a trailing slash; '' is the bucket's root. */
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortBy: { column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at'; order: 'asc' | 'desc' };
}

export interface ListedItem {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

/** The names under `folder/` lie in ['folder/', 'folder0'): '0' is the character after '/'. */
export function folderRange(prefix: string): { from: string; to: string | null } {
  if (prefix === '') return { from: '', to: null };
  return { from: `${prefix}/`, to: `${prefix}0` };
}

function walkSql(order: 'asc' | 'desc'): string {
  const isAsc = order === 'asc';
  const direction = isAsc ? 'asc' : 'desc';
  // From an item, the next bound: past its whole sub-folder (asc: from 'sub0'; desc: below 'sub/'),
  // or just past the file (chr(1) sorts before any character a name may hold).
  const next = isAsc
    ? `o.name collate "C" >= (case when w.slash > 0 then left(w.name, $4 + w.slash - 1) || '0' else w.name || chr(1) end)`
    : `o.name collate "C" < (case when w.slash > 0 then left(w.name, $4 + w.slash) else w.name end)`;
  const inFolder = `o.bucket_id = $1 and o.name collate "C" >= $2 and ($3::text is null or o.name collate "C" < $3)`;
  const first = `select o.name from storage.objects o where ${inFolder} order by o.name collate "C" ${direction} limit 1`;
  return `
    with recursive walk(name, slash, n) as (
      select f.name, strpos(substr(f.name, $4 + 1), '/'), 1 from (${first}) f
      union all
      select nx.name, strpos(substr(nx.name, $4 + 1), '/'), w.n + 1
        from walk w
        cross join lateral (
          select o.name from storage.objects o where ${inFolder} and ${next}
           order by o.name collate "C" ${direction} limit 1) nx
       where w.n < $5
    )
    select case when w.slash > 0 then substr(w.name, $4 + 1, w.slash - 1) else substr(w.name, $4 + 1) end as name,
           o.id::text as id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
      from walk w
      left join storage.objects o on w.slash = 0 and o.bucket_id = $1 and o.name = w.name
     order by w.n
    offset $6`;
}

function groupedSql(column: ListOptions['sortBy']['column'], order: 'asc' | 'desc'): string {
  const direction = order === 'asc' ? 'asc' : 'desc';
  const sort = column === 'name' ? `name collate "C" ${direction}` : `${column} ${direction} nulls first, name collate "C" asc`;
  return `
    with entries as (
      select substr(o.name, $4 + 1) as rest, o.* from storage.objects o
       where o.bucket_id = $1 and o.name collate "C" >= $2 and ($3::text is null or o.name collate "C" < $3)
    ), items as (
      select distinct split_part(e.rest, '/', 1) as name, null::text as id, null::timestamptz as updated_at,
             null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
        from entries e where strpos(e.rest, '/') > 0
      union all
      select e.rest, e.id::text, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
        from entries e where strpos(e.rest, '/') = 0
    )
    select * from items where $7 = '' or name ilike $7 || '%'
     order by ${sort}
     limit $5 offset $6`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

export async function listFolder(tx: Queryable, bucketId: string, options: ListOptions): Promise<ListedItem[]> {
  const { from, to } = folderRange(options.prefix);
  const isWalk = options.sortBy.column === 'name' && options.search === '';
  const sql = isWalk ? walkSql(options.sortBy.order) : groupedSql(options.sortBy.column, options.sortBy.order);
  const params: unknown[] = [bucketId, from, to, from.length, isWalk ? options.offset + options.limit : options.limit, options.offset];
  if (!isWalk) params.push(escapeLike(options.search));
  const { rows } = await tx.query<ListedItem>(sql, params);
  return rows.map((row) => ({
    name: row.name,
    id: row.id,
    updated_at: iso(row.updated_at),
    created_at: iso(row.created_at),
    last_accessed_at: iso(row.last_accessed_at),
    metadata: row.metadata,
  }));
}

export interface ListV2Options {
  /** Any key prefix ('photos/', 'photos/2024'); '' for the whole bucket. */
  prefix: string;
  /** The last key of the previous page (a folder's ends with '/'). */
  cursor: string | null;
  limit: number;
  /** Group by '/' after the prefix (folders and files), or list every key under it (flat). */
  withDelimiter: boolean;
}

export interface ListV2Page {
  hasNext: boolean;
  nextCursor?: string;
  folders: { name: string; key: string }[];
  objects: (ListedItem & { key: string })[];
}

/** The first key after `cursor`: past a whole folder ('a/' -> 'a0'), or just past a file. */
function afterCursor(cursor: string): string {
  return cursor.endsWith('/') ? `${cursor.slice(0, -1)}0` : `${cursor}\u0001`;
}

/** Where keys with `prefix` end in "C" order: its last character raised by one (none for ''). */
function prefixEnd(prefix: string): string | null {
  if (prefix === '') return null;
  return prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);
}

/** storage-api's list-v2: name order, cursor paging, folders and objects apart. */
export async function listKeys(tx: Queryable, bucketId: string, options: ListV2Options): Promise<ListV2Page> {
  const cursorStart = options.cursor ? afterCursor(options.cursor) : '';
  const from = cursorStart > options.prefix ? cursorStart : options.prefix;
  const to = prefixEnd(options.prefix);
  const sql = options.withDelimiter
    ? walkSql('asc')
    : `select substr(o.name, $4 + 1) as name, o.id::text as id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
         from storage.objects o
        where o.bucket_id = $1 and o.name collate "C" >= $2 and ($3::text is null or o.name collate "C" < $3)
        order by o.name collate "C" limit $5 offset $6`;
  const { rows } = await tx.query<ListedItem>(sql, [bucketId, from, to, options.prefix.length, options.limit + 1, 0]);
  const page = rows.slice(0, options.limit);
  const folders: ListV2Page['folders'] = [];
  const objects: ListV2Page['objects'] = [];
  for (const row of page) {
    if (row.id === null) {
      const key = `${options.prefix}${row.name}/`;
      folders.push({ name: key, key });
    } else {
      const key = `${options.prefix}${row.name}`;
      objects.push({ ...row, name: key, key, updated_at: iso(row.updated_at), created_at: iso(row.created_at), last_accessed_at: iso(row.last_accessed_at) });
    }
  }
  const last = page.at(-1);
  const hasNext = rows.length > options.limit;
  return {
    hasNext,
    ...(hasNext && last && { nextCursor: last.id === null ? `${options.prefix}${last.name}/` : `${options.prefix}${last.name}` }),
    folders,
    objects,
  };
}
