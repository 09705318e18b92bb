/**
 * The PostgreSQL processes of local-engine clusters, found as an operator would with ps, on Linux's
 * /proc. Every process of a cluster (postmaster and backends alike) works in the cluster's data
 * directory, so a process belongs to the clusters under a directory when its working directory is
 * there. A zombie (exited, not yet reaped) has no working directory and does not count.
 */
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';

export interface PostgresProcess {
  pid: number;
  /** The data directory it works in. */
  dataDir: string;
  isPostmaster: boolean;
}

export function postgresProcessesUnder(dir: string): PostgresProcess[] {
  const root = `${realpathSync(dir)}/`;
  const found: PostgresProcess[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      if (!cwd.startsWith(root)) continue;
      // A postmaster keeps its command line (.../bin/postgres -D ...); its children rewrite theirs ("postgres: ...").
      const [program] = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      const isPostmaster = program.endsWith('/postgres');
      if (isPostmaster || program.startsWith('postgres:')) found.push({ pid: Number(name), dataDir: cwd, isPostmaster });
    } catch {
      // Gone while we looked, or a zombie.
    }
  }
  return found;
}

/** How many postmasters run on each data directory under `dir`. */
export function postmastersPerDataDir(dir: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { dataDir, isPostmaster } of postgresProcessesUnder(dir)) {
    if (isPostmaster) counts.set(dataDir, (counts.get(dataDir) ?? 0) + 1);
  }
  return counts;
}

/**
 * The PostgreSQL processes under `dir` once they had `timeoutMs` to go: a stopped server's log
 * collector is the last to exit, a moment after its postmaster, once it has read the last log lines.
 */
export async function postgresProcessesLeftUnder(dir: string, timeoutMs = 10_000): Promise<PostgresProcess[]> {
  const deadline = Date.now() + timeoutMs;
  let left = postgresProcessesUnder(dir);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = postgresProcessesUnder(dir);
  }
  return left;
}

/** Whether `pid` is a process that still runs (not gone, not a zombie waiting to be reaped). */
export function isRunningProcess(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Clean-up after a failed test: ends every PostgreSQL process under `dir` (immediate shutdown, then SIGKILL). */
export async function killPostgresUnder(dir: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let signal: NodeJS.Signals = 'SIGQUIT';
  for (let left = postgresProcessesUnder(dir); left.length > 0; left = postgresProcessesUnder(dir)) {
    if (Date.now() > deadline + timeoutMs) throw new Error(`PostgreSQL processes under ${dir} would not end: ${left.map((p) => p.pid).join(', ')}`);
    if (Date.now() > deadline) signal = 'SIGKILL';
    for (const { pid, isPostmaster } of left) {
      if (isPostmaster || signal === 'SIGKILL') {
        try {
          process.kill(pid, signal);
        } catch {
          // Already gone.
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
