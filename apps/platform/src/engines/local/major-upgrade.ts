/**
 * A local project's move to a newer PostgreSQL major. The npm packages ship no pg_upgrade, so the
 * move is logical, as pg_dumpall and pg_restore would make it: a cluster of the target major is
 * initialised beside the project's (`upgrade/db` in the project's directory, its socket in
 * `upgrade/`), the roles are copied from the old cluster's pg_authid (attributes, password hashes,
 * memberships, settings), a full superuser pg_dump of the database is loaded into it, extensions are
 * updated and statistics gathered; only then are the directories swapped (`db` -> `db-old`,
 * `upgrade/db` -> `db`), the new cluster started and checked, and the old one removed.
 *
 * Until the swap the project's own cluster is untouched, so a failure removes the new cluster and
 * leaves the old one as it was. A failure while swapping or starting the new cluster puts the old
 * directory back. A platform killed in the middle leaves directories that recoverInterrupted() sorts
 * out before the next attempt: the old cluster back in place unless the swap had finished.
 */
import { existsSync } from 'node:fs';
import { chown, mkdir, rename, rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import * as pgMeta from '@plinth/pg-meta';
import { checkExtensionsAvailable, compareRowCounts, settingClause, updateExtensions } from '../major-upgrade-steps.ts';
import { ensureVault } from '../vault.ts';
import type { Database, Queryable } from '../types.ts';
import type { PostgresBinaries } from './binaries.ts';
import { Cluster, initialiseCluster, stopOrphan } from './cluster.ts';
import { clusterUser } from './cluster-user.ts';
import { socketDirFor } from './socket-dir.ts';

const { escapeIdentifier: ident, escapeLiteral: literal } = pg;

/** Statements sent to the new cluster in one round trip while the dump loads. */
const LOAD_BATCH_CHARS = 1024 * 1024;
/** Room the new cluster needs besides the old one: its own copy of the data, and some slack. */
const DISK_FACTOR = 1.5;
const DISK_SLACK_BYTES = 64 * 1024 * 1024;
/** What the local engine gives the upgrade of one project. */
export interface MajorUpgradeHost {
  /** data/projects/{ref}: the cluster in `db/`, its socket beside it. */
  projectDir: string;
  target: PostgresBinaries;
  superuser: string;
  owner: string;
  database: string;
  port: number;
  /** `fn` on a superuser connection to the project's cluster as it is now (started if stopped). */
  asSuperuser<T>(fn: (admin: Database) => Promise<T>): Promise<T>;
  /** A full plain-SQL pg_dump of the project's database, as the superuser, streamed. */
  dump(): Promise<Readable>;
  /** Stops the project's cluster and keeps it from starting until the returned function is called. */
  stopAndHold(): Promise<() => void>;
  /** The owner's startup options for the platform's sessions (the vault key). */
  ownerStartupOptions?: string;
}

/** Told as each of the eight steps begins (its index); a rejection stops the upgrade, which then rolls back. */
export type UpgradeStepListener = (index: number) => Promise<void>;

const dirs = (host: MajorUpgradeHost) => ({
  current: join(host.projectDir, 'db'),
  work: join(host.projectDir, 'upgrade'),
  next: join(host.projectDir, 'upgrade', 'db'),
  old: join(host.projectDir, 'db-old'),
  removing: join(host.projectDir, 'db-old.remove'),
});

/**
 * Puts the project's directories in order after an upgrade cut off by a crash: a swap that had not
 * finished is undone (the old cluster back as `db`), a half-made new cluster is removed, and an old
 * cluster being removed after a finished swap is removed.
 */
export async function recoverInterrupted(host: MajorUpgradeHost): Promise<void> {
  const d = dirs(host);
  if (existsSync(d.old)) {
    // The swap began and was not confirmed: whatever is in `db` now is the unconfirmed new cluster.
    const release = await host.stopAndHold();
    try {
      if (existsSync(d.current)) {
        await stopOrphan(d.current);
        await rm(d.current, { recursive: true, force: true });
      }
      await rename(d.old, d.current);
    } finally {
      release();
    }
  }
  if (existsSync(d.next)) await stopOrphan(d.next);
  await rm(d.work, { recursive: true, force: true });
  await rm(d.removing, { recursive: true, force: true });
}

/** Runs the eight steps and the swap (after recoverInterrupted()); on any failure the project's cluster is the old one, untouched. */
export async function upgradeMajor(host: MajorUpgradeHost, onStep: UpgradeStepListener): Promise<void> {
  const d = dirs(host);
  const next = new Cluster({ dataDir: d.next, socketDir: socketDirFor(d.work), port: host.port, binaries: host.target });
  let admin: pg.Client | null = null;
  try {
    await onStep(0); // prepare new server
    // Inside the project's directory, which the cluster user already owns and passes.
    await mkdir(d.work, { mode: 0o700 });
    const user = clusterUser();
    if (user) await chown(d.work, user.uid, user.gid);
    await initialiseCluster(d.next, host.target, host.superuser);
    await next.ensureRunning();
    const target = await connect(next.socketDir, host, host.superuser);
    admin = target;

    await onStep(1); // prepare new server for migration: the roles
    await host.asSuperuser((old) => copyRoles(old, target, host));

    await onStep(2); // pre-upgrade checks
    await host.asSuperuser((old) => preUpgradeChecks(old, target, host));
    const ownerLogin = await connect(next.socketDir, host, host.owner);
    await ownerLogin.end();

    await onStep(3); // shut down API services: the caller has refused new work; end what is connected
    await host.asSuperuser((old) => endClientConnections(old));

    await onStep(4); // migrate to new database
    // A dump is a read: one that failed (pg_dump reads some definitions from the live catalog, see
    // control/database-transfer.ts) is simply taken again. It streams into one transaction, which
    // its failure rolls back, so the second attempt starts from the same empty database.
    let dumpFailed = false;
    const moveOnce = async () => {
      const dump = await host.dump();
      dump.once('error', () => { dumpFailed = true; });
      await loadDump(target, dump);
    };
    await moveOnce().catch((error: unknown) => {
      if (!dumpFailed) throw error;
      return moveOnce();
    });

    await onStep(5); // execute database migration: what the platform itself installs, then a check
    const owner = await connect(next.socketDir, host, host.owner, host.ownerStartupOptions);
    try {
      await ensureVault(clientQueryable(owner));
    } finally {
      await owner.end();
    }
    await host.asSuperuser((old) => compareRowCounts(old, clientQueryable(target)));

    await onStep(6); // update database extensions
    await updateExtensions(clientQueryable(target));

    await onStep(7); // optimize database
    await target.query('analyze');
    await target.query('checkpoint');
  } catch (error) {
    await admin?.end().catch(() => undefined);
    await next.stop().catch(() => undefined);
    await rm(d.work, { recursive: true, force: true });
    throw error;
  }
  await admin.end();
  await next.stop();
  await swap(host);
}

/** `db` becomes the new cluster; the old one is removed once the new one answers, put back if it does not. */
async function swap(host: MajorUpgradeHost): Promise<void> {
  const d = dirs(host);
  let release = await host.stopAndHold();
  try {
    await rename(d.current, d.old);
    await rename(d.next, d.current);
  } catch (error) {
    if (!existsSync(d.current) && existsSync(d.old)) await rename(d.old, d.current);
    release();
    await rm(d.work, { recursive: true, force: true });
    throw error;
  }
  release();
  try {
    await host.asSuperuser((db) => db.query('select 1'));
  } catch (error) {
    release = await host.stopAndHold();
    await rm(d.current, { recursive: true, force: true });
    await rename(d.old, d.current);
    release();
    await rm(d.work, { recursive: true, force: true });
    throw new Error(`The upgraded database did not start, so the old one is back: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Renamed first, so a crash while removing never leaves a half-removed `db-old` to be "restored".
  await rename(d.old, d.removing);
  await rm(d.removing, { recursive: true, force: true });
  await rm(d.work, { recursive: true, force: true });
}

async function connect(socketDir: string, host: MajorUpgradeHost, user: string, options?: string): Promise<pg.Client> {
  const client = new pg.Client({
    host: socketDir, port: host.port, user, database: host.database, application_name: 'plinth-upgrade',
    options: ['-c statement_timeout=0 -c idle_in_transaction_session_timeout=0', options].filter(Boolean).join(' '),
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

function clientQueryable(client: pg.Client): Queryable {
  return {
    query: async <Row>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params);
      return { rows: result.rows as Row[], fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: result.rowCount ?? 0 };
    },
    exec: async (sql: string) => void (await client.query(sql)),
  };
}

interface RoleRow {
  rolname: string;
  is_bootstrap: boolean;
  rolsuper: boolean;
  rolinherit: boolean;
  rolcreaterole: boolean;
  rolcreatedb: boolean;
  rolcanlogin: boolean;
  rolreplication: boolean;
  rolbypassrls: boolean;
  rolconnlimit: number;
  rolpassword: string | null;
  rolvaliduntil: string | null;
}

interface MembershipRow {
  role: string;
  member: string;
  grantor: string | null;
  grantor_is_bootstrap: boolean;
  admin_option: boolean;
  inherit_option: boolean;
  set_option: boolean;
}

interface SettingRow {
  role: string | null;
  in_database: boolean;
  setconfig: string[];
}

const flag = (on: boolean, name: string) => (on ? name : `NO${name}`);

/** Every role of the old cluster (predefined ones aside) with its attributes, memberships and settings, and the database's owner, privileges and settings. */
async function copyRoles(old: Queryable, next: pg.Client, host: MajorUpgradeHost): Promise<void> {
  const { rows: roles } = await old.query<RoleRow>(
    `select rolname, oid = 10 as is_bootstrap, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls,
            rolconnlimit, rolpassword, rolvaliduntil::text as rolvaliduntil
       from pg_catalog.pg_authid where rolname !~ '^pg_' order by oid`,
  );
  for (const role of roles) {
    const attributes = [
      flag(role.rolsuper, 'SUPERUSER'), flag(role.rolinherit, 'INHERIT'), flag(role.rolcreaterole, 'CREATEROLE'), flag(role.rolcreatedb, 'CREATEDB'),
      flag(role.rolcanlogin, 'LOGIN'), flag(role.rolreplication, 'REPLICATION'), flag(role.rolbypassrls, 'BYPASSRLS'),
      `CONNECTION LIMIT ${Number(role.rolconnlimit)}`,
      ...(role.rolpassword ? [`PASSWORD ${literal(role.rolpassword)}`] : []),
      ...(role.rolvaliduntil ? [`VALID UNTIL ${literal(role.rolvaliduntil)}`] : []),
    ].join(' ');
    // The bootstrap superuser is initdb's own (same name): only its password and limits carry over.
    if (role.is_bootstrap) {
      if (role.rolname !== host.superuser) throw new Error(`The cluster's superuser is ${role.rolname}, not ${host.superuser}.`);
      if (role.rolpassword) await next.query(`alter role ${ident(role.rolname)} password ${literal(role.rolpassword)}`);
      continue;
    }
    await next.query(`create role ${ident(role.rolname)} with ${attributes}`);
  }

  // Memberships, with their options; a grant made by another role needs that role's ADMIN, so those
  // wait for the grants that give it.
  const { rows: memberships } = await old.query<MembershipRow>(
    `select r.rolname as role, m.rolname as member, g.rolname as grantor, coalesce(am.grantor = 10, true) as grantor_is_bootstrap, am.admin_option,
            coalesce((to_jsonb(am) ->> 'inherit_option')::boolean, m.rolinherit) as inherit_option,
            coalesce((to_jsonb(am) ->> 'set_option')::boolean, true) as set_option
       from pg_catalog.pg_auth_members am
       join pg_catalog.pg_authid r on r.oid = am.roleid
       join pg_catalog.pg_authid m on m.oid = am.member
       left join pg_catalog.pg_authid g on g.oid = am.grantor
      where m.rolname !~ '^pg_'
      order by (am.grantor = 10) desc`,
  );
  const grant = (m: MembershipRow, by: boolean) =>
    next.query(`grant ${ident(m.role)} to ${ident(m.member)} with admin ${m.admin_option}, inherit ${m.inherit_option}, set ${m.set_option}` +
      (by && m.grantor && !m.grantor_is_bootstrap ? ` granted by ${ident(m.grantor)}` : ''));
  let pending = memberships;
  while (pending.length > 0) {
    const failed: MembershipRow[] = [];
    for (const membership of pending) await grant(membership, true).catch(() => failed.push(membership));
    if (failed.length === pending.length) {
      // No grantor gained ADMIN in this round: the rest are recorded as the superuser's grants.
      for (const membership of failed) await grant(membership, false);
      break;
    }
    pending = failed;
  }

  // Settings of roles, of roles in this database, and of the database itself.
  const { rows: settings } = await old.query<SettingRow>(
    `select r.rolname as role, s.setdatabase <> 0 as in_database, s.setconfig
       from pg_catalog.pg_db_role_setting s left join pg_catalog.pg_authid r on r.oid = s.setrole
      where s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))`,
  );
  const database = ident(host.database);
  for (const { role, in_database: inDatabase, setconfig } of settings) {
    for (const entry of setconfig) {
      if (role === null) await next.query(`alter database ${database} ${settingClause(entry)}`);
      else await next.query(`alter role ${ident(role)}${inDatabase ? ` in database ${database}` : ''} ${settingClause(entry)}`);
    }
  }

  // The database's owner and privileges (a dump without --create leaves them out).
  const { rows: [db] } = await old.query<{ owner: string; acl: { grantee: string | null; privilege: string; grantable: boolean }[] | null }>(
    `select pg_catalog.pg_get_userbyid(d.datdba) as owner,
            case when d.datacl is null then null else
              (select coalesce(json_agg(json_build_object('grantee', g.rolname, 'privilege', a.privilege_type, 'grantable', a.is_grantable)), '[]')
                 from aclexplode(d.datacl) a left join pg_catalog.pg_authid g on g.oid = a.grantee) end as acl
       from pg_catalog.pg_database d where d.datname = current_database()`,
  );
  await next.query(`alter database ${database} owner to ${ident(db.owner)}`);
  if (db.acl) {
    await next.query(`revoke all on database ${database} from public`);
    for (const entry of db.acl) {
      await next.query(`grant ${entry.privilege} on database ${database} to ${entry.grantee === null ? 'public' : ident(entry.grantee)}${entry.grantable ? ' with grant option' : ''}`);
    }
  }
}

/** Every extension the database uses exists in the target, the disk has room, the owner can log in. */
async function preUpgradeChecks(old: Queryable, next: pg.Client, host: MajorUpgradeHost): Promise<void> {
  await checkExtensionsAvailable(old, clientQueryable(next), `PostgreSQL ${host.target.major} here`);
  const { rows: [size] } = await old.query<{ bytes: string }>('select pg_catalog.pg_database_size(current_database())::text as bytes');
  const disk = await statfs(host.projectDir);
  const free = disk.bavail * disk.bsize;
  const needed = Number(size.bytes) * DISK_FACTOR + DISK_SLACK_BYTES;
  if (free < needed) {
    throw new Error(`Not enough free disk for the upgrade: ${Math.round(free / 1e6)} MB free, ${Math.round(needed / 1e6)} MB needed.`);
  }
}

/** Ends every session of the database but the caller's (the pooler's, realtime's replication), so nothing writes after the dump's snapshot. */
async function endClientConnections(old: Queryable): Promise<void> {
  await old.query(
    `select pg_catalog.pg_terminate_backend(pid) from pg_catalog.pg_stat_activity
      where pid <> pg_catalog.pg_backend_pid() and backend_type in ('client backend', 'walsender')`,
  );
}

/** The dump's statements, as they stream in, in batches in one transaction on one session (its SET statements hold for all of it). */
async function loadDump(next: pg.Client, dump: AsyncIterable<Uint8Array | string>): Promise<void> {
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const text = batch.join(';\n');
    batch = [];
    chars = 0;
    try {
      await next.query(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`Loading the database into the new server failed: ${message}`);
    }
  };
  await next.query('begin');
  try {
    for await (const text of pgMeta.streamStatements(dump)) {
      batch.push(text);
      chars += text.length;
      if (chars >= LOAD_BATCH_CHARS) await flush();
    }
    await flush();
    await next.query('commit');
  } catch (error) {
    await next.query('rollback').catch(() => undefined);
    throw error;
  }
  await next.query('reset all');
}
