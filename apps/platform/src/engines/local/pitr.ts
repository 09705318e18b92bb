/**
 * Point-in-time recovery of a local project's cluster. Each project is its own cluster, so its WAL
 * can be kept and replayed to any moment:
 *
 * - Enabling writes `pitr.conf` in the cluster's directory (included by plinth.conf, cluster.ts):
 *   `archive_mode = on`, an `archive_command` that copies each finished WAL segment into the
 *   project's own `wal-archive/`, and `archive_timeout` so a quiet project's recent changes are
 *   archived within a minute. archive_mode needs a restart, which the engine does.
 * - A base backup (the npm packages ship no pg_basebackup) uses the low-level API on one superuser
 *   session: pg_backup_start, the data directory tarred without pg_wal and the server's run-time
 *   files, pg_backup_stop, whose backup_label (and tablespace_map) are kept beside the tar. Each is
 *   `base-backups/{finished ms}/`, made in a `.building` directory and renamed when whole.
 * - Recovery stops the cluster (its shutdown switches WAL, so the segment being written is archived
 *   too), moves `db` aside to `db-pitr-old`, extracts the newest base backup finished at or before
 *   the target, adds its backup_label, `recovery.signal` and the recovery settings (restore_command
 *   from the archive, recovery_target_time, promote), starts it and waits until recovery has ended.
 *   Success removes the old directory and the recovery settings; failure puts the old one back.
 *
 * On the other engines this is not possible (engines/pitr.ts says why).
 */
import { existsSync } from 'node:fs';
import { chmod, chown, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { errorMessage } from '@plinth/errors';
import * as tar from 'tar';
import type { PitrRange } from '../pitr.ts';
import type { Database } from '../types.ts';
import { extractDirectory } from '../directory-archive.ts';
import { clusterUser } from './cluster-user.ts';

/** Seconds after which a segment with any change in it is archived even if not full. */
export const ARCHIVE_TIMEOUT_SECONDS = 60;
const RECOVERY_POLL_MS = 50;
/** Copies of a base backup begun again when a file changed under the copy (copyLiveDirectory). */
const LIVE_COPY_ATTEMPTS = 5;
const RECOVERY_TIMEOUT_MS = 10 * 60_000;

/** What the local engine gives PITR for one project. */
export interface PitrHost {
  /** data/projects/{ref}: the cluster in `db/`. */
  projectDir: string;
  /** `fn` on a superuser connection to the project's cluster (started if stopped). */
  asSuperuser<T>(fn: (admin: Database) => Promise<T>): Promise<T>;
  /** Stops the project's cluster and keeps it from starting until the returned function is called. */
  stopAndHold(): Promise<() => void>;
  /** Stops and starts the project's cluster (settings that need a restart). */
  restart(): Promise<void>;
}

const paths = (host: PitrHost) => ({
  db: join(host.projectDir, 'db'),
  conf: join(host.projectDir, 'db', 'pitr.conf'),
  archive: join(host.projectDir, 'wal-archive'),
  backups: join(host.projectDir, 'base-backups'),
  old: join(host.projectDir, 'db-pitr-old'),
});

/** A value for postgresql.conf: single-quoted, quotes doubled. Paths are the platform's own and hold no quote. */
function confString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function shellQuoted(path: string): string {
  if (/['\\\n]/.test(path)) throw new Error(`PITR needs a data directory path without quotes or backslashes: ${path}`);
  return `"${path}"`;
}

function archiveSettings(archive: string): string {
  const dir = shellQuoted(archive);
  // Written to a temporary name and renamed, so a segment in the archive is always whole. A file of
  // the same name is replaced rather than refused: a refusal would stop all archiving from then on
  // (a `.partial` segment can recur after two recoveries from the same point).
  const command = `mkdir -p ${dir} && cp %p ${dir}/%f.part && mv ${dir}/%f.part ${dir}/%f`;
  return [
    '# Written by Plinth: point-in-time recovery (WAL archiving) of this project.',
    'archive_mode = on',
    `archive_command = ${confString(command)}`,
    `archive_timeout = ${ARCHIVE_TIMEOUT_SECONDS}`,
    '',
  ].join('\n');
}

async function writeOwned(path: string, content: string): Promise<void> {
  await writeFile(path, content, { mode: 0o600 });
  const user = clusterUser();
  if (user) await chown(path, user.uid, user.gid);
}

/** A directory in the project's (which the cluster user owns), owned by it too and closed to others. */
async function makeOwnDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const user = clusterUser();
  if (user) await chown(dir, user.uid, user.gid);
}

export function isPitrEnabled(host: PitrHost): boolean {
  return existsSync(paths(host).conf);
}

/** Turns WAL archiving on (a restart) and makes the first base backup. */
export async function enablePitr(host: PitrHost): Promise<void> {
  const p = paths(host);
  await makeOwnDir(p.archive);
  await makeOwnDir(p.backups);
  await writeOwned(p.conf, archiveSettings(p.archive));
  await host.restart();
  const mode = await host.asSuperuser((admin) => admin.query<{ archive_mode: string }>('show archive_mode'));
  if (mode.rows[0]?.archive_mode !== 'on') throw new Error('WAL archiving did not turn on after the restart.');
}

/**
 * After a major upgrade (a new cluster, without pitr.conf): the old major's base backups and WAL
 * cannot be replayed into it, so they go, archiving is turned on again and a first base backup made.
 */
export async function restartAfterUpgrade(host: PitrHost): Promise<void> {
  const p = paths(host);
  await rm(p.archive, { recursive: true, force: true });
  await rm(p.backups, { recursive: true, force: true });
  await enablePitr(host);
  await takeBaseBackup(host);
}

/** Turns WAL archiving off (a restart) and removes the archive and the base backups. */
export async function disablePitr(host: PitrHost): Promise<void> {
  const p = paths(host);
  await rm(p.conf, { force: true });
  await host.restart();
  await rm(p.archive, { recursive: true, force: true });
  await rm(p.backups, { recursive: true, force: true });
}

/** Entries of the data directory a base backup leaves out (as pg_basebackup does), relative as tar names them. */
function skippedInBaseBackup(entry: string): boolean {
  const name = entry.replace(/^\.\//, '');
  if (['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'recovery.signal', 'standby.signal'].includes(name)) return true;
  return ['pg_wal/', 'pg_replslot/', 'pg_stat_tmp/', 'pg_dynshmem/', 'pg_notify/', 'pg_serial/', 'pg_snapshots/', 'pg_subtrans/', 'log/']
    .some((dir) => name.startsWith(dir));
}

/** A base backup with the low-level API while the cluster serves; returns when it finished. */
export async function takeBaseBackup(host: PitrHost): Promise<Date> {
  const p = paths(host);
  await makeOwnDir(p.backups);
  const building = join(p.backups, `.building-${Date.now()}`);
  await mkdir(building, { recursive: true, mode: 0o700 });
  try {
    // One session for start and stop (a transaction holds its connection): the backup is non-exclusive.
    const { labelFile, spcmapFile } = await host.asSuperuser((admin) => admin.transaction(async (tx) => {
      await tx.query(`select pg_backup_start($1, true)`, [`plinth pitr ${new Date().toISOString()}`]);
      await copyLiveDirectory(p.db, join(building, 'data.tar.gz'));
      const { rows } = await tx.query<{ labelfile: string; spcmapfile: string | null }>('select labelfile, spcmapfile from pg_backup_stop(true)');
      return { labelFile: rows[0].labelfile, spcmapFile: rows[0].spcmapfile };
    }));
    await writeFile(join(building, 'backup_label'), labelFile);
    if (spcmapFile) await writeFile(join(building, 'tablespace_map'), spcmapFile);
    const finished = new Date();
    await rename(building, join(p.backups, String(finished.getTime())));
    return finished;
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Tars a running cluster's directory. Files come and go under it (a vacuum truncates or drops a
 * visibility map, a table is dropped): PostgreSQL expects that of a base backup, and WAL replay
 * makes it whole, but node-tar fails on a file gone (ENOENT) or shrunk mid-read. Such a copy is
 * made again, inside the same backup.
 */
async function copyLiveDirectory(dir: string, file: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await pipeline(tar.create({ cwd: dir, gzip: true, portable: true, filter: (entry) => !skippedInBaseBackup(entry) }, ['.']), createWriteStream(file));
      return;
    } catch (error) {
      const changedUnderUs = (error as NodeJS.ErrnoException).code === 'ENOENT' || /unexpected EOF/.test(errorMessage(error));
      if (!changedUnderUs || attempt === LIVE_COPY_ATTEMPTS) throw error;
    }
  }
}

/** Base backups, oldest first, by when they finished. */
async function baseBackups(host: PitrHost): Promise<{ finished: Date; dir: string }[]> {
  const dir = paths(host).backups;
  const names = existsSync(dir) ? await readdir(dir) : [];
  return names.filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b)
    .map((ms) => ({ finished: new Date(ms), dir: join(dir, String(ms)) }));
}

/** The moments recovery can reach, or null with no base backup yet. */
export async function pitrRange(host: PitrHost): Promise<PitrRange | null> {
  const backups = await baseBackups(host);
  if (backups.length === 0) return null;
  const archive = paths(host).archive;
  let latest = backups[backups.length - 1].finished.getTime();
  for (const name of existsSync(archive) ? await readdir(archive) : []) {
    if (name.endsWith('.part')) continue;
    latest = Math.max(latest, (await stat(join(archive, name))).mtimeMs);
  }
  return { earliest: backups[0].finished, latest: new Date(latest) };
}

/**
 * Removes base backups finished before `before` (the newest is always kept) and the WAL segments
 * only they needed. Returns how many base backups went.
 */
export async function pruneBaseBackups(host: PitrHost, before: Date): Promise<number> {
  const backups = await baseBackups(host);
  const expired = backups.slice(0, -1).filter((backup) => backup.finished < before);
  for (const backup of expired) await rm(backup.dir, { recursive: true, force: true });
  const oldest = backups[expired.length];
  if (!oldest) return expired.length;
  // The backup_label names the first segment the backup needs: "START WAL LOCATION: 0/2000028 (file 000000010000000000000002)".
  const label = await readFile(join(oldest.dir, 'backup_label'), 'utf8');
  const first = /\(file ([0-9A-F]{24})\)/.exec(label)?.[1];
  if (!first) return expired.length;
  const archive = paths(host).archive;
  for (const name of existsSync(archive) ? await readdir(archive) : []) {
    // Segments (timeline + position) older in position than the first needed, on any timeline; history files stay.
    const segment = /^([0-9A-F]{8})([0-9A-F]{16})(\.partial)?$/.exec(name);
    if (segment && segment[2] < first.slice(8)) await rm(join(archive, name), { force: true });
  }
  return expired.length;
}

/**
 * Puts the cluster's directory back after a recovery cut off by a crash: `db-pitr-old` is the
 * cluster as it was, and whatever is in `db` is a half-made recovery.
 */
export async function recoverInterruptedPitr(host: PitrHost): Promise<void> {
  const p = paths(host);
  if (!existsSync(p.old)) return;
  const release = await host.stopAndHold();
  try {
    await rm(p.db, { recursive: true, force: true });
    await rename(p.old, p.db);
  } finally {
    release();
  }
}

/** Replays the cluster to `target` from the newest base backup before it; on failure the cluster is as it was. */
export async function recoverToTime(host: PitrHost, target: Date): Promise<void> {
  const p = paths(host);
  await recoverInterruptedPitr(host);
  const backup = (await baseBackups(host)).filter((b) => b.finished <= target).pop();
  if (!backup) throw new Error(`No base backup finished before ${target.toISOString()}.`);
  let release = await host.stopAndHold();
  try {
    await rename(p.db, p.old);
    await extractDirectory(p.db, createReadStream(join(backup.dir, 'data.tar.gz')), clusterUser());
    const user = clusterUser();
    for (const file of ['backup_label', 'tablespace_map']) {
      if (!existsSync(join(backup.dir, file))) continue;
      await copyFile(join(backup.dir, file), join(p.db, file));
      if (user) await chown(join(p.db, file), user.uid, user.gid);
    }
    for (const dir of ['pg_wal', 'pg_wal/archive_status', 'pg_replslot', 'pg_stat_tmp', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']) {
      await mkdir(join(p.db, dir), { recursive: true, mode: 0o700 });
      if (user) await chown(join(p.db, dir), user.uid, user.gid);
    }
    await chmod(p.db, 0o700);
    await writeOwned(join(p.db, 'recovery.signal'), '');
    const restore = `cp ${shellQuoted(p.archive)}/%f %p`;
    await writeOwned(p.conf, [
      archiveSettings(p.archive),
      '# Recovery to a moment, removed once it has ended.',
      `restore_command = ${confString(restore)}`,
      // PostgreSQL's own timestamp form ('2026-12-02 12:00:09.000+00'): it does not read ISO 8601's T and Z here.
      `recovery_target_time = ${confString(target.toISOString().replace('T', ' ').replace('Z', '+00'))}`,
      "recovery_target_action = 'promote'",
      "recovery_target_timeline = 'latest'",
      '',
    ].join('\n'));
    release();
    await waitUntilRecovered(host);
    await writeOwned(p.conf, archiveSettings(p.archive));
  } catch (error) {
    release = await host.stopAndHold();
    try {
      if (existsSync(p.old)) {
        await rm(p.db, { recursive: true, force: true });
        await rename(p.old, p.db);
      }
    } finally {
      release();
    }
    throw error;
  }
  await rm(p.old, { recursive: true, force: true });
}

async function waitUntilRecovered(host: PitrHost): Promise<void> {
  const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
  for (;;) {
    const { rows } = await host.asSuperuser((admin) => admin.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering'));
    if (!rows[0].recovering) return;
    if (Date.now() > deadline) throw new Error(`Recovery had not ended after ${RECOVERY_TIMEOUT_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, RECOVERY_POLL_MS));
  }
}
