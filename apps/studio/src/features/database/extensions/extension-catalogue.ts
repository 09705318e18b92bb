/**
 * The extension catalogue (spec document 2, "Extension catalogue"): per extension a comment, tags
 * (the product sections Database, Authentication, Storage, Edge Functions, Realtime, Vector) and a
 * link to a guide or the extension's own docs — plus which of Plinth's engines offer it, so the page
 * can say where an extension this project's engine lacks is available instead. Extensions not
 * listed here still show, with the comment Postgres gives and the Database tag.
 */
export type ExtensionTag = 'Database' | 'Authentication' | 'Storage' | 'Edge Functions' | 'Realtime' | 'Vector';
export const PRODUCT_SECTIONS: readonly ExtensionTag[] = ['Database', 'Authentication', 'Storage', 'Edge Functions', 'Realtime', 'Vector'];

export type EngineName = 'embedded' | 'local' | 'postgres';

/**
 * Where Plinth offers it. embedded: PGlite ships it (its session is a superuser's, so all of them
 * can be created). local: the npm PostgreSQL binaries have it and the project's owner, who is no
 * superuser, may create it (a trusted extension). server: on the postgres engine, 'contrib' when
 * every server with PostgreSQL's contrib lets the owner create it, 'operator' when the server's
 * operator must install it and, not being trusted, create it in the project's database.
 */
export interface Availability {
  embedded?: boolean;
  local?: boolean;
  server?: 'contrib' | 'operator';
}

export interface CatalogueEntry {
  name: string;
  comment: string;
  tags: ExtensionTag[];
  link: string;
  availability: Availability;
  /** What Plinth offers in its place, said where the extension shows as unavailable. */
  instead?: string;
}

const PG_DOCS = 'https://www.postgresql.org/docs/current';
/** Trusted contrib: every engine, the owner creates it. */
const TRUSTED: Availability = { embedded: true, local: true, server: 'contrib' };
/** Contrib that needs a superuser: only the embedded engine lets a project create it. */
const SUPERUSER: Availability = { embedded: true };
/**
 * Contrib that needs a superuser, which the platform creates on the owner's behalf (supautils-like,
 * platform engines/privileged-extensions.ts): local and Postgres servers; PGlite does not ship it.
 */
const PRIVILEGED: Availability = { local: true, server: 'contrib' };
/** Installed on a server by its operator; not in PGlite or the npm binaries. */
const OPERATOR: Availability = { server: 'operator' };
/** Supabase's own extensions, which no Plinth engine has yet. */
const NONE: Availability = {};

function contrib(name: string, comment: string, page: string, availability: Availability, tags: ExtensionTag[] = ['Database']): CatalogueEntry {
  return { name, comment, tags, link: `${PG_DOCS}/${page}.html`, availability };
}

export const EXTENSION_CATALOGUE: readonly CatalogueEntry[] = [
  { name: 'vector', comment: 'vector data type and ivfflat and hnsw access methods', tags: ['Vector', 'Database'], link: 'https://github.com/pgvector/pgvector', availability: { embedded: true, server: 'operator' } },
  { name: 'postgis', comment: 'PostGIS geometry and geography spatial types and functions', tags: ['Database'], link: 'https://postgis.net/documentation', availability: OPERATOR },
  { name: 'pg_cron', comment: 'Job scheduler for PostgreSQL', tags: ['Database'], link: 'https://github.com/citusdata/pg_cron', availability: OPERATOR },
  { name: 'pg_net', comment: 'Async HTTP', tags: ['Database', 'Edge Functions'], link: 'https://github.com/supabase/pg_net', availability: NONE,
    instead: 'Plinth offers pg_net\u2019s net.http_get, net.http_post and net.http_delete on every engine: enable them in Database > Webhooks.' },
  { name: 'pg_graphql', comment: 'pg_graphql: GraphQL support', tags: ['Database'], link: 'https://supabase.github.io/pg_graphql', availability: NONE },
  { name: 'supabase_vault', comment: 'Supabase Vault Extension', tags: ['Database', 'Authentication'], link: 'https://github.com/supabase/vault', availability: NONE },
  { name: 'pgsodium', comment: 'Pgsodium is a modern cryptography library for Postgres.', tags: ['Database', 'Authentication'], link: 'https://github.com/michelp/pgsodium', availability: NONE },
  { name: 'pgjwt', comment: 'JSON Web Token API for Postgresql', tags: ['Authentication'], link: 'https://github.com/michelp/pgjwt', availability: NONE },
  { name: 'wrappers', comment: 'Foreign data wrappers developed by Supabase', tags: ['Database'], link: 'https://github.com/supabase/wrappers', availability: NONE,
    instead: 'Plinth offers postgres_fdw\u2019s foreign servers and tables on the local and Postgres engines: see Database > Wrappers.' },
  contrib('pgcrypto', 'cryptographic functions', 'pgcrypto', TRUSTED, ['Database', 'Authentication']),
  contrib('uuid-ossp', 'generate universally unique identifiers (UUIDs)', 'uuid-ossp', TRUSTED),
  contrib('pg_stat_statements', 'track planning and execution statistics of all SQL statements executed', 'pgstatstatements', { embedded: true, local: true }),
  contrib('pg_trgm', 'text similarity measurement and index searching based on trigrams', 'pgtrgm', TRUSTED),
  contrib('citext', 'data type for case-insensitive character strings', 'citext', TRUSTED),
  contrib('hstore', 'data type for storing sets of (key, value) pairs', 'hstore', TRUSTED),
  contrib('ltree', 'data type for hierarchical tree-like structures', 'ltree', TRUSTED),
  contrib('fuzzystrmatch', 'determine similarities and distance between strings', 'fuzzystrmatch', TRUSTED),
  contrib('unaccent', 'text search dictionary that removes accents', 'unaccent', TRUSTED),
  contrib('cube', 'data type for multidimensional cubes', 'cube', TRUSTED, ['Database', 'Vector']),
  contrib('earthdistance', 'calculate great-circle distances on the surface of the Earth', 'earthdistance', TRUSTED),
  contrib('isn', 'data types for international product numbering standards', 'isn', TRUSTED),
  contrib('seg', 'data type for representing line segments or floating-point intervals', 'seg', TRUSTED),
  contrib('intarray', 'functions, operators, and index support for 1-D arrays of integers', 'intarray', TRUSTED),
  contrib('tablefunc', 'functions that manipulate whole tables, including crosstab', 'tablefunc', TRUSTED),
  contrib('btree_gin', 'support for indexing common datatypes in GIN', 'btree-gin', TRUSTED),
  contrib('btree_gist', 'support for indexing common datatypes in GiST', 'btree-gist', TRUSTED),
  contrib('lo', 'Large Object maintenance', 'lo', TRUSTED, ['Database', 'Storage']),
  contrib('tcn', 'Triggered change notifications', 'tcn', TRUSTED, ['Database', 'Realtime']),
  contrib('tsm_system_rows', 'TABLESAMPLE method which accepts number of rows as a limit', 'tsm-system-rows', TRUSTED),
  contrib('tsm_system_time', 'TABLESAMPLE method which accepts time in milliseconds as a limit', 'tsm-system-time', TRUSTED),
  contrib('dict_int', 'text search dictionary template for integers', 'dict-int', TRUSTED),
  contrib('plpgsql', 'PL/pgSQL procedural language', 'plpgsql', TRUSTED),
  contrib('bloom', 'bloom access method - signature file based index', 'bloom', SUPERUSER),
  contrib('dict_xsyn', 'text search dictionary template for extended synonym processing', 'dict-xsyn', SUPERUSER),
  contrib('moddatetime', 'functions for tracking last modification time', 'contrib-spi', SUPERUSER),
  contrib('autoinc', 'functions for autoincrementing fields', 'contrib-spi', SUPERUSER),
  contrib('insert_username', 'functions for tracking who changed a table', 'contrib-spi', SUPERUSER),
  contrib('refint', 'functions for implementing referential integrity (obsolete)', 'contrib-spi', SUPERUSER),
  contrib('amcheck', 'functions for verifying relation integrity', 'amcheck', SUPERUSER),
  contrib('pageinspect', 'inspect the contents of database pages at a low level', 'pageinspect', SUPERUSER),
  contrib('pg_buffercache', 'examine the shared buffer cache', 'pgbuffercache', SUPERUSER),
  contrib('pg_freespacemap', 'examine the free space map (FSM)', 'pgfreespacemap', SUPERUSER),
  contrib('pg_visibility', 'examine the visibility map (VM) and page-level visibility info', 'pgvisibility', SUPERUSER),
  contrib('pg_surgery', 'extension to perform surgery on a damaged relation', 'pgsurgery', SUPERUSER),
  contrib('pg_walinspect', 'functions to inspect contents of PostgreSQL Write-Ahead Log', 'pgwalinspect', SUPERUSER, ['Database', 'Realtime']),
  contrib('file_fdw', "foreign-data wrapper for flat file access", 'file-fdw', SUPERUSER),
  contrib('postgres_fdw', 'foreign-data wrapper for remote PostgreSQL servers', 'postgres-fdw', PRIVILEGED),
  contrib('dblink', 'connect to other PostgreSQL databases from within a database', 'dblink', PRIVILEGED),
];

const byName = new Map(EXTENSION_CATALOGUE.map((entry) => [entry.name, entry]));

export function catalogueEntry(name: string, databaseComment: string | null): CatalogueEntry {
  const entry = byName.get(name);
  if (entry) return { ...entry, comment: databaseComment ?? entry.comment };
  return { name, comment: databaseComment ?? '', tags: ['Database'], link: `https://www.google.com/search?q=postgres+extension+${encodeURIComponent(name)}`, availability: NONE };
}

const ENGINE_PLACES: Record<EngineName, (availability: Availability) => string | null> = {
  embedded: (a) => (a.embedded ? 'the embedded engine' : null),
  local: (a) => (a.local ? 'the local engine' : null),
  postgres: (a) => (a.server === 'contrib' ? 'the Postgres engine' : a.server === 'operator' ? 'Postgres servers whose operator installs and creates it' : null),
};

/**
 * Where an extension this project's engine cannot load is available instead, e.g. "Available on
 * the embedded engine." for pgvector on a local project; null when no other engine has it.
 */
export function availableElsewhere(availability: Availability, engine: EngineName | undefined): string | null {
  const places = (Object.keys(ENGINE_PLACES) as EngineName[])
    // Not this project's engine, except that another Postgres server may have what this one lacks.
    .filter((name) => name !== engine || (name === 'postgres' && availability.server === 'operator'))
    .map((name) => ENGINE_PLACES[name](availability))
    .filter((place): place is string => place !== null);
  if (places.length === 0) return null;
  return `Available on ${places.length === 1 ? places[0] : `${places.slice(0, -1).join(', ')} and ${places.at(-1)}`}.`;
}
