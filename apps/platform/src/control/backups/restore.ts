/**
 * Restoring a backup into the project it came from (the backup-restore job). In one transaction the
 * database is emptied of everything the backup brings back, then the backup is loaded the way an
 * import loads an export (database-transfer.ts loadSql), statement by statement as its file streams
 * from the store: a failure anywhere rolls all of it back and the project keeps the data it had.
 *
 * Emptied: every schema people made (dropped; `public` is kept, with its privileges, and emptied of
 * its tables, views, sequences, functions, types and extensions), the rows of the platform schemas
 * the export carries (auth, the migration history), the storage buckets that hold no files, and the
 * policies on platform tables (the backup brings its own back). Kept: the stored files and their
 * buckets (bytes are not in a backup), Vault secrets and cron jobs (not in an export), keys and settings,
 * and enabled webhooks (their schemas are installed again).
 */
import { errorMessage } from '@plinth/errors';
import { DatabaseError } from '../../engines/database-error.ts';
import type { Queryable } from '../../engines/types.ts';
import type { JobAttempt } from '../job-queue.ts';
import type { ControlContext } from '../context.ts';
import { DATA_SCHEMAS, loadSql, PLATFORM_SCHEMAS } from '../database-transfer.ts';
import { forgetProjectSchema } from '../project-caches.ts';
import { locationOf, projectRowByRef, setStatus } from '../project-rows.ts';
import { WEBHOOKS_SCHEMA_SQL } from '../webhooks/index.ts';
import { readBackupSql } from './make.ts';
import { backupById } from './store.ts';

/** RESTORING -> empties the database and loads the backup in one transaction -> ACTIVE_HEALTHY. */
export async function restoreFromBackup(ctx: ControlContext, job: { ref: string; backupId: number }, attempt: JobAttempt): Promise<void> {
  const { ref, backupId } = job;
  const project = await projectRowByRef(ctx.db, ref);
  if (!project || project.status !== 'RESTORING') return; // done, or deleted
  try {
    const backup = await backupById(ctx.db, ref, backupId);
    if (!backup?.object_key || backup.status !== 'COMPLETED') throw new Error(`Backup ${backupId} is gone or not complete.`);
    const key = backup.object_key;
    const db = await ctx.engine.project(locationOf(project));
    const { rows: webhooks } = await ctx.db.query('select 1 from webhook_projects where project_ref = $1', [ref]);
    await db.transaction(async (tx) => {
      await emptyForRestore(tx);
      // Read from the store as it loads, statement by statement: never held whole.
      const sql = await readBackupSql(ctx, key);
      try {
        await loadSql(tx, sql, { replacing: true });
      } finally {
        sql.destroy(); // a load that failed part way leaves the file unread
      }
      // Webhooks' schemas (net, supabase_functions) are exported as the project's own, so emptying
      // dropped them: a project that has webhooks enabled keeps them even if its backup is older.
      if (webhooks.length > 0) await tx.exec(WEBHOOKS_SCHEMA_SQL);
    });
    await forgetProjectSchema(ctx, ref, db);
    await setStatus(ctx.db, ref, 'ACTIVE_HEALTHY');
    ctx.log.info(`project ${ref} restored to backup ${backupId}`);
  } catch (error) {
    // The transaction rolled back: the data is as it was, so the project is usable again.
    if (attempt.isFinal) await setStatus(ctx.db, ref, 'ACTIVE_HEALTHY', `Restoring backup ${backupId} failed and nothing was changed: ${errorMessage(error)}`);
    throw error;
  }
}

interface Drop {
  statement: string;
  /** May fail for want of privilege (a privileged extension, a policy on a table the owner does not own): then left for the backup's IF NOT EXISTS. */
  tolerant: boolean;
}

/**
 * The statements that empty the database, from the catalogue. Names are qualified (search_path is
 * empty for the transaction) and every drop is IF EXISTS ... CASCADE, so their order does not matter:
 * what an earlier drop took along is skipped.
 */
async function dropsOf(tx: Queryable): Promise<Drop[]> {
  await tx.query(`select set_config('search_path', '', true)`);
  const notExtensionMember = (catalog: string, oid: string) =>
    `not exists (select 1 from pg_catalog.pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;
  const { rows } = await tx.query<Drop>(
    `select format('drop schema if exists %I cascade', n.nspname) as statement, false as tolerant
       from pg_catalog.pg_namespace n
      where n.nspname <> all($1) and n.nspname not in ('public', 'information_schema') and n.nspname not like 'pg\\_%'
     union all
     select format('drop extension if exists %I cascade', e.extname), true
       from pg_catalog.pg_extension e where e.extnamespace = 'public'::regnamespace
     union all
     select format('drop %s if exists %s cascade', case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
              when 'f' then 'foreign table' when 'S' then 'sequence' else 'table' end, c.oid::regclass), false
       from pg_catalog.pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and ${notExtensionMember('pg_class', 'c.oid')}
     union all
     select format('drop %s if exists %s cascade', case p.prokind when 'a' then 'aggregate' when 'p' then 'procedure' else 'function' end, p.oid::regprocedure), false
       from pg_catalog.pg_proc p
      where p.pronamespace = 'public'::regnamespace and ${notExtensionMember('pg_proc', 'p.oid')}
     union all
     select format('drop %s if exists %s cascade', case t.typtype when 'd' then 'domain' else 'type' end, t.oid::regtype), false
       from pg_catalog.pg_type t
      where t.typnamespace = 'public'::regnamespace and ${notExtensionMember('pg_type', 't.oid')}
        and (t.typtype in ('e', 'd', 'r') or (t.typtype = 'c' and (select c.relkind from pg_catalog.pg_class c where c.oid = t.typrelid) = 'c'))
     union all
     select format('drop policy if exists %I on %I.%I', p.policyname, p.schemaname, p.tablename), true
       from pg_catalog.pg_policies p where p.schemaname = any($1)`,
    [PLATFORM_SCHEMAS],
  );
  return rows;
}

export async function emptyForRestore(tx: Queryable): Promise<void> {
  for (const { statement, tolerant } of await dropsOf(tx)) {
    if (!tolerant) {
      await tx.exec(statement);
      continue;
    }
    await tx.exec('savepoint plinth_empty');
    try {
      await tx.exec(statement);
      await tx.exec('release savepoint plinth_empty');
    } catch (error) {
      await tx.exec('rollback to savepoint plinth_empty');
      if (!(error instanceof DatabaseError) || error.code !== '42501') throw error; // insufficient_privilege
    }
  }
  // The platform rows the backup carries, all at once (they reference each other).
  const { rows } = await tx.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p')`,
    [DATA_SCHEMAS],
  );
  if (rows.length > 0) await tx.exec(`truncate table ${rows.map((row) => row.name).join(', ')}`);
  // A bucket that holds files stays (with its files); the backup's row for it is then skipped.
  await tx.exec('delete from storage.buckets b where not exists (select 1 from storage.objects o where o.bucket_id = b.id)');
}
