/**
 * Read-only mode (a database over its plan's disk quota), as Supabase does it: the database's
 * default becomes `default_transaction_read_only = on`, so every session opened after it starts
 * read-only and refuses writes with SQLSTATE 25006; leaving resets it. A setting, not a wall: a
 * session may still `set transaction read write` (the platform's SQL editor does, for the owner to
 * free space), as on Supabase.
 *
 * Sessions opened before the change keep their default, so the server engines end them: every
 * client backend of the database but the caller's own, superusers' (the platform's dumps and
 * maintenance) and idle LISTEN sessions (realtime's and webhooks' listeners, which never write),
 * each as soon as it is idle, the busy ones after a grace period. The platform's pools and the
 * pooler's server connections reconnect and pick up the new default. Embedded (PGlite) reads no
 * database settings at start but does read postgresql.auto.conf, and each instance holds one
 * project: ALTER SYSTEM, then its worker opens again.
 */
import pg from 'pg';
import type { Database } from './types.ts';

/** The change itself, in a transaction that may write even while the database is read-only. */
export async function alterDatabaseReadOnly(db: Database, database: string, readOnly: boolean): Promise<void> {
  const change = readOnly ? 'set default_transaction_read_only = on' : 'reset default_transaction_read_only';
  await db.transaction(async (tx) => {
    await tx.query('set transaction read write');
    await tx.query(`alter database ${pg.escapeIdentifier(database)} ${change}`);
  });
}

/** Embedded: the same default for the project's PGlite instance (ALTER SYSTEM runs outside a transaction, read-only or not). */
export function alterSystemReadOnlySql(readOnly: boolean): string {
  return `alter system ${readOnly ? 'set default_transaction_read_only = on' : 'reset default_transaction_read_only'}`;
}

/** How long sessions in use get to finish their work before they are ended anyway. */
const GRACE_MS = 10_000;
const POLL_MS = 100;
/** pg_terminate_backend waits this long for each session to be gone, so its FATAL is on its way before the switch returns. */
const EXIT_WAIT_MS = 2_000;

/**
 * Ends the sessions opened before the change (see above), from a superuser connection to the
 * database: each once it is idle (back in its pool, between transactions, so nobody notices but a
 * reconnect), and whatever is still busy after GRACE_MS.
 */
export async function endSessionsOpenedBefore(db: Database): Promise<void> {
  const { rows } = await db.query<{ at: string }>('select clock_timestamp()::text as at');
  const changedAt = rows[0].at;
  for (const deadline = Date.now() + GRACE_MS; ; ) {
    const isLate = Date.now() >= deadline;
    const { rows: [{ busy }] } = await db.query<{ busy: number }>(
      `with opened_before as (
         select a.pid, a.state = 'idle' or $2 as is_due from pg_stat_activity a
          where a.datname = current_database() and a.pid <> pg_backend_pid() and a.backend_type = 'client backend'
            and a.backend_start < $1::timestamptz
            and not coalesce((select r.rolsuper from pg_roles r where r.oid = a.usesysid), false)
            and not (a.state = 'idle' and a.query ilike 'listen %')
       ), ended as (select pg_terminate_backend(pid, $3) from opened_before where is_due)
       select (select count(*) from opened_before where not is_due)::int as busy, (select count(*) from ended)::int as ended`,
      [changedAt, isLate, EXIT_WAIT_MS],
    );
    if (busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
