/**
 * Built GraphQL schemas of one project database, per role (what a role may select shapes its
 * schema). Every request first reads the catalogue's fingerprint (catalogVersion: one cheap query):
 * DDL, GRANTs and comment directives change it, so a new table shows up on the next request on
 * every platform node, with no notification to miss.
 */
import { buildGraphqlSchema, catalogVersion, loadCatalog, type BuiltSchema, type Query } from '@plinth/pg-graphql';
import { DatabaseError } from '../../engines/database-error.ts';
import type { Database } from '../../engines/types.ts';

interface Entry {
  version: string;
  byRole: Map<string, Promise<BuiltSchema>>;
}

/** Roles outside the usual three are rare; a token with made-up roles must not grow this without bound. */
const MAX_ROLES = 20;

const caches = new WeakMap<Database, Map<string, Entry>>();

export async function graphqlSchemaFor(db: Database, schemas: string[], role: string): Promise<BuiltSchema> {
  const query: Query = (sql, params) => db.query(sql, params);
  const version = await catalogVersion(query, schemas);
  let bySchemas = caches.get(db);
  if (!bySchemas) caches.set(db, (bySchemas = new Map()));
  const key = schemas.join('\u0000');
  let entry = bySchemas.get(key);
  if (!entry || entry.version !== version) bySchemas.set(key, (entry = { version, byRole: new Map() }));
  let built = entry.byRole.get(role);
  if (!built) {
    if (entry.byRole.size >= MAX_ROLES) entry.byRole.clear();
    built = checkRole(query, role).then(() => loadCatalog(query, schemas, role)).then(buildGraphqlSchema);
    const byRole = entry.byRole;
    // A failed build is retried by the next request rather than cached.
    built.catch(() => byRole.delete(role));
    byRole.set(role, built);
  }
  return built;
}

/**
 * Only a role the API may switch to gets a schema: otherwise validation errors would describe what
 * a role nobody may use can see. The same refusal rest_begin_v1 gives (42501).
 */
async function checkRole(query: Query, role: string): Promise<void> {
  const { rows } = await query<{ ok: boolean }>(
    `select pg_catalog.pg_has_role('authenticator', r.oid, 'MEMBER') as ok from pg_catalog.pg_roles r where r.rolname = $1`,
    [role],
  );
  if (rows[0]?.ok !== true) throw new DatabaseError({ code: '42501', message: `permission denied to set role "${role}"` });
}
