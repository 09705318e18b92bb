/**
 * What a postgres-engine project's move to a server of a newer PostgreSQL major copies besides its
 * dump (PostgresEngine.upgradeMajor runs the eight steps; the steps every engine shares are in
 * ../major-upgrade-steps.ts).
 */
import pg from 'pg';
import { settingClause } from '../major-upgrade-steps.ts';
import type { Queryable } from '../types.ts';

const { escapeIdentifier: ident } = pg;

/**
 * What a dump without --create leaves out and the project's own roles carry: the database's
 * settings (read-only mode's default among them) and the owner's, everywhere and in this database.
 * `old` is on the old database; `admin` on the new server, where `database` and `owner` exist.
 */
export async function copySettings(old: Queryable, admin: Queryable, database: string, owner: string): Promise<void> {
  const { rows } = await old.query<{ is_owner: boolean; in_database: boolean; setconfig: string[] }>(
    `select s.setrole <> 0 as is_owner, s.setdatabase <> 0 as in_database, s.setconfig
       from pg_catalog.pg_db_role_setting s
      where (s.setrole = 0 and s.setdatabase = (select oid from pg_catalog.pg_database where datname = current_database()))
         or (s.setrole = (select oid from pg_catalog.pg_roles where rolname = $1)
             and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database())))`,
    [owner],
  );
  for (const { is_owner: isOwner, in_database: inDatabase, setconfig } of rows) {
    for (const entry of setconfig) {
      if (!isOwner) await admin.exec(`alter database ${ident(database)} ${settingClause(entry)}`);
      else await admin.exec(`alter role ${ident(owner)}${inDatabase ? ` in database ${ident(database)}` : ''} ${settingClause(entry)}`);
    }
  }
}
