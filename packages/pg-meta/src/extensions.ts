/**
 * Extensions, installed and available. "Available" comes from pg_available_extensions (control files
 * the server or the PGlite build has); probeLoadableExtensions() checks that CREATE EXTENSION really
 * works, so the dashboard only offers what the engine can load.
 */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { ident, likePattern, literal } from './identifiers.ts';
import { jsonRows, type Queryable } from './queryable.ts';

export const extensionSchema = z.object({
  name: z.string(),
  /** Where it is installed; null when not installed. */
  schema: z.string().nullable(),
  default_version: z.string().nullable(),
  installed_version: z.string().nullable(),
  comment: z.string().nullable(),
  /** Whether CREATE EXTENSION works on this engine (installed ones always are). */
  is_loadable: z.boolean(),
});
export type Extension = z.infer<typeof extensionSchema>;

export const extensionListQuery = z.object({ search: z.string().trim().max(200).optional() });
export const extensionCreateBody = z.object({
  name: z.string(),
  /** Supabase projects install into `extensions`; Postgres picks the first schema of search_path when omitted. */
  schema: z.string().optional(),
  version: z.string().optional(),
  cascade: z.boolean().optional(),
});
export type ExtensionCreate = z.infer<typeof extensionCreateBody>;
export const extensionUpdateBody = z.object({ schema: z.string().optional(), version: z.string().optional() });
export type ExtensionUpdate = z.infer<typeof extensionUpdateBody>;

type ExtensionRow = Omit<Extension, 'is_loadable'>;

const EXTENSIONS_SQL = `select a.name, n.nspname as schema, a.default_version, x.extversion as installed_version, a.comment
  from pg_available_extensions a
  left join pg_extension x on x.extname = a.name left join pg_namespace n on n.oid = x.extnamespace
  union all
  select x.extname, n.nspname, null, x.extversion, obj_description(x.oid, 'pg_extension')
  from pg_extension x join pg_namespace n on n.oid = x.extnamespace
  where not exists (select 1 from pg_available_extensions a where a.name = x.extname)`;

async function extensionRows(db: Queryable, search?: string, name?: string): Promise<ExtensionRow[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (search) where.push(`e.name ilike $${params.push(likePattern(search))}`);
  if (name !== undefined) where.push(`e.name = $${params.push(name)}`);
  return jsonRows<ExtensionRow>(db, `select * from (${EXTENSIONS_SQL}) e ${where.length ? `where ${where.join(' and ')}` : ''} order by e.name`, params);
}

/**
 * Tries CREATE EXTENSION for each name inside a savepoint and rolls it back: nothing stays
 * installed. Needs a transactional `db`. Returns the names that loaded.
 */
export async function probeLoadableExtensions(db: Queryable, names: readonly string[]): Promise<Set<string>> {
  const loadable = new Set<string>();
  if (names.length === 0) return loadable;
  for (const name of names) {
    await db.query('savepoint plinth_extension_probe');
    try {
      await db.query(`CREATE EXTENSION ${ident(name, 'extension name')} CASCADE`);
      loadable.add(name);
    } catch {
      // Missing library, missing dependency, wrong build: not loadable here.
    }
    await db.query('rollback to savepoint plinth_extension_probe');
  }
  await db.query('release savepoint plinth_extension_probe');
  return loadable;
}

/**
 * `loadable`: the names known to load on this engine (from probeLoadableExtensions, usually cached
 * per engine); without it, every available extension is assumed loadable.
 */
export async function listExtensions(db: Queryable, options: { search?: string; loadable?: ReadonlySet<string> } = {}): Promise<Extension[]> {
  const rows = await extensionRows(db, options.search?.trim() || undefined);
  return rows.map((row) => ({ ...row, is_loadable: row.installed_version !== null || !options.loadable || options.loadable.has(row.name) }));
}

/** Not-installed extension names, the input of probeLoadableExtensions. */
export async function uninstalledExtensionNames(db: Queryable): Promise<string[]> {
  return (await extensionRows(db)).filter((e) => e.installed_version === null && e.default_version !== null).map((e) => e.name);
}

export async function getExtension(db: Queryable, name: string): Promise<Extension> {
  const [row] = await extensionRows(db, undefined, name);
  if (!row) throw new PlinthError('database_object_not_found', `Extension ${name} not found.`);
  return { ...row, is_loadable: true };
}

export function buildExtensionCreateSql(body: ExtensionCreate): string {
  return `CREATE EXTENSION ${ident(body.name, 'extension name')}`
    + `${body.schema ? ` SCHEMA ${ident(body.schema, 'schema')}` : ''}${body.version ? ` VERSION ${literal(body.version)}` : ''}${body.cascade ? ' CASCADE' : ''}`;
}

export async function createExtension(db: Queryable, body: ExtensionCreate, options: { loadable?: ReadonlySet<string> } = {}): Promise<Extension> {
  const sql = buildExtensionCreateSql(body);
  const [row] = await extensionRows(db, undefined, body.name);
  if (!row || row.default_version === null || (options.loadable && !options.loadable.has(body.name) && row.installed_version === null)) {
    throw new PlinthError('extension_unavailable', `The extension "${body.name}" cannot be loaded by this project's database engine.`, { name: body.name });
  }
  await db.query(sql);
  return getExtension(db, body.name);
}

/** Run with a transactional `db`. */
export async function updateExtension(db: Queryable, name: string, changes: ExtensionUpdate): Promise<Extension> {
  const current = await getExtension(db, name);
  if (changes.version !== undefined && changes.version !== current.installed_version) {
    await db.query(`ALTER EXTENSION ${ident(name, 'extension name')} UPDATE TO ${literal(changes.version)}`);
  }
  if (changes.schema !== undefined && changes.schema !== current.schema) {
    await db.query(`ALTER EXTENSION ${ident(name, 'extension name')} SET SCHEMA ${ident(changes.schema, 'schema')}`);
  }
  return getExtension(db, name);
}

export async function deleteExtension(db: Queryable, name: string, options: { cascade?: boolean } = {}): Promise<Extension> {
  const extension = await getExtension(db, name);
  if (extension.installed_version === null) throw new PlinthError('database_object_not_found', `Extension ${name} is not installed.`);
  await db.query(`DROP EXTENSION ${ident(name, 'extension name')}${options.cascade ? ' CASCADE' : ''}`);
  return extension;
}
