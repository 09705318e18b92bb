import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import type { Database } from '../engines/types.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject, locationOf } from './project-rows.ts';

/** Rows fetched per round trip: large enough to be fast, small enough that memory stays flat. */
const BATCH_ROWS = 5000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** RFC 4180: a field is quoted when it holds a delimiter, quote, line break or edge spaces; NULL is empty. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

interface Relation {
  schema: string;
  name: string;
  columns: string[];
}

async function relationById(db: Database, id: number): Promise<Relation> {
  const { rows } = await db.query<{ schema: string; name: string; columns: string[] | null }>(
    `select n.nspname as schema, c.relname as name,
       (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.oid = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    [id],
  );
  if (rows.length === 0) throw new PlinthError('table_not_found');
  return { schema: rows[0].schema, name: rows[0].name, columns: rows[0].columns ?? [] };
}

/**
 * Streams a table as CSV through a server-side cursor inside one read-only transaction: one
 * consistent snapshot, and never more than about one batch of rows in memory, however large the
 * table, because each batch waits for the client to drain the previous one.
 */
function csvStream(db: Database, relation: Relation): PassThrough {
  const stream = new PassThrough();
  const write = async (chunk: string): Promise<boolean> => {
    if (stream.destroyed) return false;
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
    return !stream.destroyed;
  };
  const select = relation.columns.map((c) => `${quoteIdent(c)}::text`).join(', ') || 'null';
  db.transaction(async (tx) => {
    await tx.exec('set transaction read only');
    await tx.query(`declare plinth_export no scroll cursor for select ${select} from ${quoteIdent(relation.schema)}.${quoteIdent(relation.name)}`);
    if (!(await write(relation.columns.map(csvField).join(',') + '\r\n'))) return;
    for (;;) {
      const { rows } = await tx.query<Record<string, string | null>>(`fetch ${BATCH_ROWS} from plinth_export`);
      if (rows.length === 0) break;
      const lines = rows.map((row) => relation.columns.map((c) => csvField(row[c])).join(',')).join('\r\n');
      // The client went away: stop reading; the transaction ends and frees the connection.
      if (!(await write(lines + '\r\n'))) return;
    }
  }).then(
    () => stream.end(),
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}

export async function exportTableCsv(ctx: ControlContext, actor: Actor, ref: string, tableId: number): Promise<{ filename: string; stream: PassThrough }> {
  const { project, role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_READ, Resource.TABLES);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active');
  const db = await ctx.engine.project(locationOf(project));
  const relation = await relationById(db, tableId);
  await recordAudit(ctx.db, actor, { action: 'table.export_csv', organizationSlug: project.organization_slug, projectRef: ref, target: `${relation.schema}.${relation.name}` });
  return { filename: `${relation.name}.csv`, stream: csvStream(db, relation) };
}
