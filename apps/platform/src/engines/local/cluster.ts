/**
 * One PostgreSQL cluster on this machine, run from the npm-installed binaries as a child of the
 * platform: initialised once (initdb), started on demand, supervised (a postmaster that dies
 * unasked is started again) and stopped with a fast shutdown. A postmaster left running by a
 * platform process that was killed (kill -9) is found through its postmaster.pid and stopped
 * before this one starts, so a restart never leaves an orphan and never loses a committed write.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { chown, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { errorMessage } from '@plinth/errors';
import { isAlive } from '../lock-file.ts';
import { SLOW_STATEMENT_MS } from '../observer.ts';
import type { PostgresBinaries } from './binaries.ts';
import { clusterUser } from './cluster-user.ts';

const execFileAsync = promisify(execFile);

export interface ClusterOptions {
  /** The cluster's data directory (PGDATA). */
  dataDir: string;
  /** Where its Unix socket lives: a directory only the platform's OS user can enter. */
  socketDir: string;
  /** The socket's name (.s.PGSQL.<port>): nothing listens on TCP (the pooler will be the TCP entry). */
  port: number;
  binaries: PostgresBinaries;
  /** Told when the postmaster died unasked and when restarting it failed. */
  log?: (message: string) => void;
}

type State = 'stopped' | 'starting' | 'running' | 'stopping';

const READY_POLL_MS = 5;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const RESTART_ATTEMPTS = 5;

/** Settings every Plinth cluster gets (plinth.conf, included from postgresql.conf). */
export const CLUSTER_SETTINGS: Record<string, string> = {
  // Small: many clusters share one machine, and the OS page cache serves reads well.
  shared_buffers: "'16MB'",
  max_connections: '40',
  superuser_reserved_connections: '3',
  min_wal_size: "'32MB'",
  max_wal_size: "'256MB'",
  huge_pages: 'off',
  jit: 'off',
  // Realtime reads changes by logical decoding.
  wal_level: 'logical',
  max_wal_senders: '5',
  max_replication_slots: '5',
  shared_preload_libraries: "'pg_stat_statements,auto_explain'",
  // Statements inside functions and cursors count too (as Supabase sets it): the SQL editor reads a
  // row query through a cursor, whose statement would otherwise show only as DECLARE and FETCH.
  'pg_stat_statements.track': "'all'",
  // A forgotten query or transaction must not hold a project's connections for ever. The platform's
  // own work runs as the superuser, which has no time-out; the SQL editor sets its own per run.
  statement_timeout: "'2min'",
  idle_in_transaction_session_timeout: "'5min'",
  // Server logs as JSON lines in the cluster's own log/ (the postgres_logs source), a file per weekday.
  logging_collector: 'on',
  log_destination: "'jsonlog'",
  log_directory: "'log'",
  log_filename: "'postgresql-%a.log'",
  log_truncate_on_rotation: 'on',
  // Times in the log as UTC whatever the machine's zone, so the reader parses them unambiguously.
  log_timezone: "'UTC'",
  log_rotation_age: "'1d'",
  log_rotation_size: "'0'",
  // What the postgres_logs source shows besides errors: sessions starting and ending, and statements
  // slower than SLOW_STATEMENT_MS (the same threshold the other engines log at). Bind values stay out
  // of slow-statement lines (they may hold anything, passwords included); errors never carry them
  // (log_parameter_max_length_on_error is 0 by default).
  log_connections: 'on',
  log_disconnections: 'on',
  log_min_duration_statement: String(SLOW_STATEMENT_MS),
  log_parameter_max_length: '0',
  // A slow statement read through a cursor (the SQL editor's) is logged by the server as its FETCH;
  // auto_explain's line names the cursor's statement, and the log reader keeps it for such cursors
  // only (local/server-log.ts). JSON, so the statement's text is read back exactly; no bind values.
  'auto_explain.log_min_duration': String(SLOW_STATEMENT_MS),
  'auto_explain.log_format': "'json'",
  'auto_explain.log_parameter_max_length': '0',
  unix_socket_permissions: '0700',
};

/**
 * Who may connect how: anyone who can reach the socket (the platform's OS user); on loopback, should
 * a cluster ever listen there, only with a password.
 */
const PG_HBA = `# Written by Plinth. The socket's directory is open to the platform's OS user alone.
local all all trust
host all all 127.0.0.1/32 scram-sha-256
host all all ::1/128 scram-sha-256
`;

function spawnOptions(): { uid?: number; gid?: number } {
  const user = clusterUser();
  return user ? { uid: user.uid, gid: user.gid } : {};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** postmaster.pid: line 1 the pid, line 8 the status ("ready", "starting", "stopping"). */
function readPidFile(dataDir: string): { pid: number; status: string } | null {
  try {
    const lines = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    return Number.isInteger(pid) && pid > 0 ? { pid, status: (lines[7] ?? '').trim() } : null;
  } catch {
    return null;
  }
}

/** CLUSTER_SETTINGS and what only some majors have. */
export function clusterSettings(major: number): Record<string, string> {
  // PostgreSQL 18 reads asynchronously through three I/O worker processes by default; a small
  // cluster gains little from them and each costs memory.
  // From 18 log_connections takes a list: only the line that names the user, database and
  // application ('authorization'), not also one at receipt and one at authentication.
  return major >= 18 ? { ...CLUSTER_SETTINGS, io_method: "'sync'", log_connections: "'authorization'" } : CLUSTER_SETTINGS;
}

/** 4 MB WAL segments instead of 16: a new project is a copy of the template, WAL included. */
export const INITDB_OPTIONS = ['--auth=trust', '--encoding=UTF8', '--locale=C', '--wal-segsize=4', '--no-sync', '--no-instructions'];

function plinthConf(major: number): string {
  const settings = Object.entries(clusterSettings(major)).map(([name, value]) => `${name} = ${value}`).join('\n');
  // pitr.conf: a project's own WAL archiving, while point-in-time recovery is on (local/pitr.ts).
  return `# Written by Plinth: the settings of its clusters.\n${settings}\ninclude_if_exists = 'pitr.conf'\n`;
}

/**
 * Brings plinth.conf up to this version's settings before a start, so a cluster made by an older
 * Plinth gets what was added since (the postgres_logs settings, for one). Settings that need a
 * restart take effect then, as this runs only while the cluster is stopped.
 */
async function refreshSettings(dataDir: string, major: number): Promise<void> {
  const path = join(dataDir, 'plinth.conf');
  const wanted = plinthConf(major);
  const current = await readFile(path, 'utf8').catch(() => null);
  if (current === null || current === wanted) return; // no plinth.conf: not a cluster Plinth configured
  await writeFile(path, wanted);
  const user = clusterUser();
  if (user) await chown(path, user.uid, user.gid);
}

/** Runs initdb into `dataDir` (which must not exist or be empty) and writes Plinth's configuration. */
export async function initialiseCluster(dataDir: string, binaries: PostgresBinaries, superuser: string): Promise<void> {
  await execFileAsync(binaries.initdb, ['-D', dataDir, '-U', superuser, ...INITDB_OPTIONS], { ...spawnOptions(), cwd: '/' });
  await writeFile(join(dataDir, 'plinth.conf'), plinthConf(binaries.major));
  await writeFile(join(dataDir, 'pg_hba.conf'), PG_HBA);
  const conf = await readFile(join(dataDir, 'postgresql.conf'), 'utf8');
  await writeFile(join(dataDir, 'postgresql.conf'), `${conf}\ninclude = 'plinth.conf'\n`);
}

/** A start given up because the cluster was stopped while the caller waited for it. */
export class ClusterStoppedError extends Error {
  constructor() {
    super('The cluster was stopped while waiting for it to start.');
  }
}

export class Cluster {
  private state: State = 'stopped';
  private child: ChildProcess | null = null;
  private transition: Promise<void> | null = null;
  private restartFailures = 0;
  /** How many stops were asked for: ensureRunning() tells a stop that came while it waited. */
  private stops = 0;
  /** Whether the last start failed (cleared by the next that succeeds): the liveness check tells it from an idle stop. */
  lastStartFailed = false;

  constructor(private readonly options: ClusterOptions) {}

  get isRunning(): boolean {
    return this.state === 'running';
  }

  /** The postmaster's pid while it runs. */
  get pid(): number | null {
    return this.state === 'running' ? (this.child?.pid ?? null) : null;
  }

  get socketDir(): string {
    return this.options.socketDir;
  }


  /**
   * Starts the cluster unless it runs; concurrent callers share one start. A stop() asked for
   * while this waits wins: the caller gets ClusterStoppedError instead of a start that would undo
   * it (the stopper may be about to replace the cluster's files).
   */
  async ensureRunning(): Promise<void> {
    const stops = this.stops;
    while (this.state !== 'running') {
      if (this.transition) {
        await this.transition.catch(() => undefined);
        continue;
      }
      if (this.stops !== stops) throw new ClusterStoppedError();
      this.transition = this.start().finally(() => { this.transition = null; });
      await this.transition;
    }
  }

  /** Fast shutdown (open transactions roll back, everything committed stays); resolves when it has exited. */
  async stop(): Promise<void> {
    this.stops += 1;
    while (this.state !== 'stopped') {
      if (this.transition) {
        await this.transition.catch(() => undefined);
        continue;
      }
      this.transition = this.shutDown().finally(() => { this.transition = null; });
      await this.transition;
    }
  }

  private async start(): Promise<void> {
    this.state = 'starting';
    try {
      await stopOrphan(this.options.dataDir);
      const { binaries, dataDir, port, socketDir } = this.options;
      await refreshSettings(dataDir, binaries.major);
      const logPath = join(socketDir, 'startup.log');
      const logFd = openSync(logPath, 'w');
      let child: ChildProcess;
      try {
        child = spawn(
          binaries.postgres,
          ['-D', dataDir, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses='],
          // Its own process group: a Ctrl-C in Plinth's terminal must not reach it before Plinth stops it.
          { ...spawnOptions(), cwd: '/', detached: true, stdio: ['ignore', logFd, logFd] },
        );
      } finally {
        closeSync(logFd);
      }
      this.child = child;
      let exited = false;
      child.once('exit', (code, signal) => {
        exited = true;
        this.onExit(child, code, signal);
      });
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (readPidFile(dataDir)?.pid !== child.pid || readPidFile(dataDir)?.status !== 'ready') {
        if (exited) throw new Error(`PostgreSQL did not start: ${tail(logPath)}`);
        if (Date.now() > deadline) {
          child.kill('SIGQUIT');
          throw new Error(`PostgreSQL did not become ready within ${START_TIMEOUT_MS / 1000} s: ${tail(logPath)}`);
        }
        await sleep(READY_POLL_MS);
      }
      this.state = 'running';
      this.restartFailures = 0;
      this.lastStartFailed = false;
    } catch (error) {
      this.state = 'stopped';
      this.child = null;
      this.lastStartFailed = true;
      throw error;
    }
  }

  private async shutDown(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      this.state = 'stopped';
      this.child = null;
      return;
    }
    this.state = 'stopping';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = null;
    const wasRunning = this.state === 'running';
    this.state = 'stopped';
    if (!wasRunning) return; // asked to stop, or failed while starting (the starter reports it)
    this.options.log?.(`PostgreSQL in ${this.options.dataDir} exited unasked (${signal ?? `code ${code}`}); starting it again`);
    void this.restartAfterCrash();
  }

  /**
   * Backs off while the old server's processes let go of its shared memory. A stop() asked for
   * meanwhile (a hold about to replace the files) ends the attempts.
   */
  private async restartAfterCrash(): Promise<void> {
    const stops = this.stops;
    while (this.state === 'stopped' && this.restartFailures < RESTART_ATTEMPTS) {
      await sleep(100 * 2 ** this.restartFailures);
      if (this.state !== 'stopped' || this.transition || this.stops !== stops) return;
      try {
        await this.ensureRunning();
        return;
      } catch (error) {
        this.restartFailures += 1;
        this.options.log?.(`PostgreSQL in ${this.options.dataDir} failed to start again: ${errorMessage(error)}`);
      }
    }
  }
}

function tail(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').slice(-5).join(' | ') || 'no output';
  } catch {
    return 'no output';
  }
}

/**
 * A postmaster still running on `dataDir` that is not ours: left by a platform process that was
 * killed. It is stopped (fast shutdown) so this process can start and supervise the cluster itself.
 * A postmaster.pid naming a dead or foreign process is left to PostgreSQL, which ignores stale ones.
 */
export async function stopOrphan(dataDir: string): Promise<void> {
  const found = readPidFile(dataDir);
  if (!found || !isRunning(found.pid) || !isPostmasterOf(found.pid, dataDir)) return;
  process.kill(found.pid, 'SIGINT');
  const started = Date.now();
  let isQuitSent = false;
  while (isRunning(found.pid)) {
    if (!isQuitSent && Date.now() - started > STOP_TIMEOUT_MS) {
      process.kill(found.pid, 'SIGQUIT');
      isQuitSent = true;
    }
    if (Date.now() - started > 2 * STOP_TIMEOUT_MS) throw new Error(`The PostgreSQL server left running in ${dataDir} (pid ${found.pid}) does not stop.`);
    await sleep(20);
  }
}

/**
 * Alive and not a zombie: an orphan that has exited stays a zombie until process 1 reaps it, which
 * some containers' init does late or never; it holds nothing of the cluster any more.
 */
function isRunning(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    // /proc/<pid>/stat: "pid (comm) S ...": the state follows the command's closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return existsSync('/proc/self/stat') ? false : true;
  }
}

/** On Linux, whether `pid` is a postgres started on `dataDir`; elsewhere, a live pid in the file is trusted. */
function isPostmasterOf(pid: number, dataDir: string): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync('/proc/self/cmdline')) return true;
  try {
    const args = readFileSync(cmdline, 'utf8').split('\0');
    return args.includes(dataDir);
  } catch {
    return false;
  }
}
