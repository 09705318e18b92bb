/**
 * The extension catalogue (spec document 2, "Extension catalogue"): per extension a comment, tags
 * (the product sections Database, Authentication, Storage, Edge Functions, Realtime, Vector) and a
 * link to a guide or the extension's own docs. Extensions not listed here still show, with the
 * comment Postgres gives and the Database tag.
 */
export type ExtensionTag = 'Database' | 'Authentication' | 'Storage' | 'Edge Functions' | 'Realtime' | 'Vector';

export interface CatalogueEntry {
  name: string;
  comment: string;
  tags: ExtensionTag[];
  link: string;
  /**
   * Which of Plinth's engines offer it, where that is not every engine: the npm PostgreSQL binaries
   * of the local engine have contrib only, PGlite ships pgvector, and a Postgres server has what its
   * operator installed.
   */
  availableOn?: string;
}

const PG_DOCS = 'https://www.postgresql.org/docs/current';

export const EXTENSION_CATALOGUE: readonly CatalogueEntry[] = [
  { name: 'vector', comment: 'Vector data type and ivfflat and hnsw access methods', tags: ['Vector', 'Database'], link: 'https://github.com/pgvector/pgvector', availableOn: 'the embedded engine (PGlite), and Postgres servers that have pgvector installed' },
  { name: 'pg_net', comment: 'Async HTTP requests from SQL; powers database webhooks', tags: ['Database', 'Edge Functions'], link: 'https://github.com/supabase/pg_net' },
  { name: 'wrappers', comment: 'Foreign data wrappers for external services', tags: ['Database'], link: 'https://github.com/supabase/wrappers' },
  { name: 'pgcrypto', comment: 'Cryptographic functions', tags: ['Database', 'Authentication'], link: `${PG_DOCS}/pgcrypto.html` },
  { name: 'uuid-ossp', comment: 'Generate universally unique identifiers (UUIDs)', tags: ['Database'], link: `${PG_DOCS}/uuid-ossp.html` },
  { name: 'pg_trgm', comment: 'Text similarity measurement and index searching based on trigrams', tags: ['Database'], link: `${PG_DOCS}/pgtrgm.html` },
  { name: 'citext', comment: 'Data type for case-insensitive character strings', tags: ['Database'], link: `${PG_DOCS}/citext.html` },
  { name: 'hstore', comment: 'Data type for storing sets of (key, value) pairs', tags: ['Database'], link: `${PG_DOCS}/hstore.html` },
  { name: 'ltree', comment: 'Data type for hierarchical tree-like structures', tags: ['Database'], link: `${PG_DOCS}/ltree.html` },
  { name: 'fuzzystrmatch', comment: 'Determine similarities and distance between strings', tags: ['Database'], link: `${PG_DOCS}/fuzzystrmatch.html` },
  { name: 'unaccent', comment: 'Text search dictionary that removes accents', tags: ['Database'], link: `${PG_DOCS}/unaccent.html` },
  { name: 'cube', comment: 'Data type for multidimensional cubes', tags: ['Database', 'Vector'], link: `${PG_DOCS}/cube.html` },
  { name: 'earthdistance', comment: 'Calculate great-circle distances on the surface of the Earth', tags: ['Database'], link: `${PG_DOCS}/earthdistance.html` },
  { name: 'isn', comment: 'Data types for international product numbering standards', tags: ['Database'], link: `${PG_DOCS}/isn.html` },
  { name: 'seg', comment: 'Data type for representing line segments or floating-point intervals', tags: ['Database'], link: `${PG_DOCS}/seg.html` },
  { name: 'tablefunc', comment: 'Functions that manipulate whole tables, including crosstab', tags: ['Database'], link: `${PG_DOCS}/tablefunc.html` },
  { name: 'bloom', comment: 'Bloom access method - signature file based index', tags: ['Database'], link: `${PG_DOCS}/bloom.html` },
  { name: 'btree_gin', comment: 'Support for indexing common datatypes in GIN', tags: ['Database'], link: `${PG_DOCS}/btree-gin.html` },
  { name: 'btree_gist', comment: 'Support for indexing common datatypes in GiST', tags: ['Database'], link: `${PG_DOCS}/btree-gist.html` },
  { name: 'pg_stat_statements', comment: 'Track planning and execution statistics of all SQL statements executed', tags: ['Database'], link: `${PG_DOCS}/pgstatstatements.html` },
  { name: 'pg_graphql', comment: 'GraphQL support', tags: ['Database'], link: 'https://supabase.github.io/pg_graphql' },
  { name: 'pg_cron', comment: 'Job scheduler for PostgreSQL', tags: ['Database'], link: 'https://github.com/citusdata/pg_cron' },
  { name: 'pgjwt', comment: 'JSON Web Token API for PostgreSQL', tags: ['Authentication'], link: 'https://github.com/michelp/pgjwt' },
  { name: 'pgsodium', comment: 'Modern cryptography for PostgreSQL using libsodium', tags: ['Database', 'Authentication'], link: 'https://github.com/michelp/pgsodium' },
  { name: 'supabase_vault', comment: 'Store encrypted secrets in the database', tags: ['Database', 'Authentication'], link: 'https://github.com/supabase/vault' },
  { name: 'postgis', comment: 'Geometry and geography spatial types and functions', tags: ['Database'], link: 'https://postgis.net/documentation', availableOn: 'Postgres servers that have PostGIS installed' },
  { name: 'plpgsql', comment: 'PL/pgSQL procedural language', tags: ['Database'], link: `${PG_DOCS}/plpgsql.html` },
  { name: 'pg_walinspect', comment: 'Functions to inspect contents of the write-ahead log', tags: ['Database', 'Realtime'], link: `${PG_DOCS}/pgwalinspect.html` },
  { name: 'intarray', comment: 'Functions, operators, and index support for 1-D arrays of integers', tags: ['Database'], link: `${PG_DOCS}/intarray.html` },
  { name: 'lo', comment: 'Large Object maintenance', tags: ['Database', 'Storage'], link: `${PG_DOCS}/lo.html` },
];

const byName = new Map(EXTENSION_CATALOGUE.map((entry) => [entry.name, entry]));

export function catalogueEntry(name: string, databaseComment: string | null): CatalogueEntry {
  const entry = byName.get(name);
  if (entry) return { ...entry, comment: databaseComment ?? entry.comment };
  return { name, comment: databaseComment ?? '', tags: ['Database'], link: `https://www.google.com/search?q=postgres+extension+${encodeURIComponent(name)}` };
}
