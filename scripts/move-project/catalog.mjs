// What a project holds that a move must carry and check, read through the SQL endpoint: its tables
// and sequences (the ones an export carries), its buckets, and its objects a page at a time.
import { literal } from './api.mjs';

// The export's rule (apps/platform/src/control/database-transfer.ts): the platform's schemas are every
// project's own bootstrap, except the rows of auth and supabase_migrations and the buckets. Only
// those, and the schemas people made, are compared.
const PLATFORM_SCHEMAS = ['auth', 'storage', 'extensions', 'realtime', 'graphql_public', 'supabase_migrations', 'vault', 'cron', '_plinth'];
const DATA_SCHEMAS = ['auth', 'supabase_migrations'];

const arrayOf = (values) => `array[${values.map(literal).join(', ')}]::text[]`;

/** The relations of the kinds given that an export carries, as "schema.name" with their quoted form. */
async function carried(site, ref, kinds) {
  const rows = await site.query(
    ref,
    `select n.nspname as schema, c.relname as name, format('%I.%I', n.nspname, c.relname) as quoted
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind::text = any(${arrayOf(kinds)}) and not c.relispartition
        and (n.nspname = any(${arrayOf(DATA_SCHEMAS)})
             or (n.nspname = 'storage' and c.relname = 'buckets')
             or (n.nspname <> all(${arrayOf(PLATFORM_SCHEMAS)}) and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'))
        -- An extension's own tables come with the extension, not with the export.
        and not exists (select 1 from pg_catalog.pg_depend d
                         where d.classid = 'pg_catalog.pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by 1, 2`,
  );
  return rows.map((row) => ({ name: `${row.schema}.${row.name}`, quoted: row.quoted }));
}

export const tables = (site, ref) => carried(site, ref, ['r', 'p']);
export const sequences = (site, ref) => carried(site, ref, ['S']);

/**
 * Settings that decide how a row prints as text, the same on both sides whatever the engine's
 * defaults: the checksums compare rows by their text. Local to the endpoint's transaction.
 */
const ROW_TEXT_SETTINGS = `select set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, MDY', true),
  set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '1', true), set_config('bytea_output', 'hex', true);`;

/**
 * A table's row count and a checksum of its rows: the sums of two halves of each row's md5. A sum
 * ignores order and holds no more than a number while Postgres scans, however large the table.
 */
export async function tableChecksum(site, ref, table) {
  const [row] = await site.query(
    ref,
    `${ROW_TEXT_SETTINGS}
     select count(*)::text as rows,
            coalesce(sum(('x' || substr(h, 1, 16))::bit(64)::bigint::numeric), 0)::text || ':' ||
            coalesce(sum(('x' || substr(h, 17, 16))::bit(64)::bigint::numeric), 0)::text as checksum
       from (select md5(t::text) as h from ${table.quoted} as t) as hashed`,
  );
  return { rows: Number(row.rows), checksum: row.checksum };
}

export async function sequenceState(site, ref, sequence) {
  const [row] = await site.query(ref, `select last_value::text || (case when is_called then '' else ' (not yet used)' end) as state from ${sequence.quoted}`);
  return row.state;
}

export async function buckets(site, ref) {
  return (await site.query(ref, 'select id from storage.buckets order by id collate "C"')).map((row) => row.id);
}

const OBJECT_COLUMNS = `name, (metadata->>'size')::bigint::text as size, metadata->>'mimetype' as content_type,
  metadata->>'cacheControl' as cache_control, user_metadata, owner::text as owner, owner_id, created_at::text as created_at`;

function presentObject(row) {
  return { ...row, size: Number(row.size ?? 0) };
}

/** A bucket's objects in name order, a page at a time (keyset paging: no page costs more than the first). */
export async function* objectPages(site, ref, bucket, pageSize = 500) {
  let after = '';
  for (;;) {
    const rows = await site.query(
      ref,
      `select ${OBJECT_COLUMNS} from storage.objects
        where bucket_id = ${literal(bucket)} and name collate "C" > ${literal(after)}
        order by name collate "C" limit ${pageSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map(presentObject);
    if (rows.length < pageSize) return;
    after = rows.at(-1).name;
  }
}

/** The objects of `names` in a bucket, by name (the other side of a page). */
export async function objectsNamed(site, ref, bucket, names) {
  if (names.length === 0) return new Map();
  const rows = await site.query(ref, `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = ${literal(bucket)} and name = any(${arrayOf(names)})`);
  return new Map(rows.map((row) => [row.name, presentObject(row)]));
}

export async function objectCount(site, ref, bucket) {
  const [row] = await site.query(ref, `select count(*)::text as count from storage.objects where bucket_id = ${literal(bucket)}`);
  return Number(row.count);
}
