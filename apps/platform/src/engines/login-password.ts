import pg from 'pg';
import type { Database } from './types.ts';

/**
 * Sets a login's password as a superuser, in a transaction that turns statement logging off first:
 * ALTER ROLE ... PASSWORD takes no bind parameter, so the password is in the statement's text, and
 * a server that logs statements (log_statement, slow or failed statements) would write it down.
 */
export async function setRolePassword(superuser: Database, role: string, password: string): Promise<void> {
  await superuser.transaction(async (tx) => {
    await tx.exec(`set local log_statement = 'none'; set local log_min_duration_statement = -1; set local log_min_error_statement = 'panic'`);
    // Quoted by pg's escapeIdentifier/escapeLiteral (E'' form for backslashes).
    await tx.exec(`alter role ${pg.escapeIdentifier(role)} password ${pg.escapeLiteral(password)}`);
  });
}
