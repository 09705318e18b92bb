/** Publications (the replication page): which tables' changes are published, and which operations. */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { ident, qualified } from './identifiers.ts';
import { jsonRow, jsonRows, type Queryable } from './queryable.ts';

const publicationTable = z.object({ id: z.number(), schema: z.string(), name: z.string() });

export const publicationSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.string(),
  publish_insert: z.boolean(),
  publish_update: z.boolean(),
  publish_delete: z.boolean(),
  publish_truncate: z.boolean(),
  /** null: FOR ALL TABLES. */
  tables: z.array(publicationTable).nullable(),
});
export type Publication = z.infer<typeof publicationSchema>;

const tableRef = z.object({ schema: z.string(), name: z.string() });
const flags = {
  publish_insert: z.boolean().optional(),
  publish_update: z.boolean().optional(),
  publish_delete: z.boolean().optional(),
  publish_truncate: z.boolean().optional(),
};
export const publicationCreateBody = z.object({
  name: z.string(),
  ...flags,
  /** null: every table, now and later. Absent or []: none yet. */
  tables: z.array(tableRef).nullable().optional(),
});
export type PublicationCreate = z.infer<typeof publicationCreateBody>;
export const publicationUpdateBody = z.object({ name: z.string().optional(), owner: z.string().optional(), ...flags, tables: z.array(tableRef).nullable().optional() });
export type PublicationUpdate = z.infer<typeof publicationUpdateBody>;

function publicationDetailSql(where: string): string {
  return `select p.oid::int8 as id, p.pubname as name, pg_get_userbyid(p.pubowner) as owner,
    p.pubinsert as publish_insert, p.pubupdate as publish_update, p.pubdelete as publish_delete, p.pubtruncate as publish_truncate,
    case when p.puballtables then null else (
      select coalesce(json_agg(json_build_object('id', c.oid::int8, 'schema', n.nspname, 'name', c.relname) order by n.nspname, c.relname), '[]'::json)
      from pg_publication_rel r join pg_class c on c.oid = r.prrelid join pg_namespace n on n.oid = c.relnamespace
      where r.prpubid = p.oid) end as tables
  from pg_publication p where ${where}`;
}

export function listPublications(db: Queryable): Promise<Publication[]> {
  return jsonRows<Publication>(db, `${publicationDetailSql('true')} order by p.pubname`);
}

export async function getPublication(db: Queryable, id: number): Promise<Publication> {
  const publication = await jsonRow<Publication>(db, publicationDetailSql('p.oid = $1::oid'), [id]);
  if (!publication) throw new PlinthError('database_object_not_found', `Publication ${id} not found.`);
  return publication;
}

/** publish = 'insert, update': the operations come from a fixed list, never from user text. */
function publishSql(p: Partial<Record<keyof typeof flags, boolean | undefined>>): string {
  const ops = (['insert', 'update', 'delete', 'truncate'] as const).filter((op) => p[`publish_${op}`] !== false);
  return `(publish = '${ops.join(', ')}')`;
}

function tablesSql(tables: readonly { schema: string; name: string }[]): string {
  return tables.map((t) => qualified(t.schema, t.name)).join(', ');
}

export function buildPublicationCreateSql(body: PublicationCreate): string {
  const scope = body.tables === null ? ' FOR ALL TABLES' : body.tables?.length ? ` FOR TABLE ${tablesSql(body.tables)}` : '';
  return `CREATE PUBLICATION ${ident(body.name, 'publication name')}${scope} WITH ${publishSql(body)}`;
}

export function buildPublicationUpdateSql(current: Publication, changes: PublicationUpdate): string[] {
  const out: string[] = [];
  const target = ident(current.name, 'publication name');
  const merged = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as Publication & PublicationUpdate;
  const wantsAll = changes.tables === null;
  if (changes.tables !== undefined && wantsAll !== (current.tables === null)) {
    // FOR ALL TABLES cannot be switched on or off in place: recreate under the same name.
    out.push(`DROP PUBLICATION ${target}`, buildPublicationCreateSql({ ...merged, name: current.name, tables: changes.tables }));
  } else {
    if ((['insert', 'update', 'delete', 'truncate'] as const).some((op) => changes[`publish_${op}`] !== undefined && changes[`publish_${op}`] !== current[`publish_${op}`])) {
      out.push(`ALTER PUBLICATION ${target} SET ${publishSql(merged)}`);
    }
    if (changes.tables && current.tables !== null) {
      const key = (t: { schema: string; name: string }) => `${t.schema}\0${t.name}`;
      const wanted = new Set(changes.tables.map(key));
      const existing = new Set(current.tables.map(key));
      const removed = current.tables.filter((t) => !wanted.has(key(t)));
      const added = changes.tables.filter((t) => !existing.has(key(t)));
      if (removed.length) out.push(`ALTER PUBLICATION ${target} DROP TABLE ${tablesSql(removed)}`);
      if (added.length) out.push(`ALTER PUBLICATION ${target} ADD TABLE ${tablesSql(added)}`);
    }
  }
  if (changes.owner !== undefined && changes.owner !== current.owner) out.push(`ALTER PUBLICATION ${target} OWNER TO ${ident(changes.owner, 'owner')}`);
  if (changes.name !== undefined && changes.name !== current.name) out.push(`ALTER PUBLICATION ${target} RENAME TO ${ident(changes.name, 'publication name')}`);
  return out;
}

async function publicationIdOf(db: Queryable, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>('select oid::int8 as id from pg_publication where pubname = $1', [name]);
  return Number(rows[0].id);
}

export async function createPublication(db: Queryable, body: PublicationCreate): Promise<Publication> {
  await db.query(buildPublicationCreateSql(body));
  return getPublication(db, await publicationIdOf(db, body.name));
}

/** Run with a transactional `db` (a switch to or from FOR ALL TABLES drops and recreates). */
export async function updatePublication(db: Queryable, id: number, changes: PublicationUpdate): Promise<Publication> {
  const current = await getPublication(db, id);
  for (const sql of buildPublicationUpdateSql(current, changes)) await db.query(sql);
  return getPublication(db, await publicationIdOf(db, changes.name ?? current.name));
}

export async function deletePublication(db: Queryable, id: number): Promise<Publication> {
  const publication = await getPublication(db, id);
  await db.query(`DROP PUBLICATION ${ident(publication.name, 'publication name')}`);
  return publication;
}
