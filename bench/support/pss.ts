// Proportional set size (PSS) from Linux's /proc: a process's private memory plus its share of every
// page it shares, so summing it over processes counts a shared page (a cluster's shared_buffers, the
// postgres binary's text) once in all, not once per process as RSS would.
import { readdirSync, readFileSync } from 'node:fs';

/** PSS of one process in bytes, or 0 when it has gone (or /proc/<pid>/smaps_rollup is unreadable). */
export function pssOf(pid: number | 'self'): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = /^Pss:\s+(\d+) kB/m.exec(rollup);
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every running process's parent, from /proc/<pid>/stat (the command name in it may hold spaces). */
function parents(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byPid.set(Number(entry), ppid);
    } catch {
      /* exited while we looked */
    }
  }
  return byPid;
}

/** `root` and its children: a postmaster and the server processes it forked (one level is all it makes). */
export function processTree(root: number): number[] {
  const children = [...parents()].filter(([, ppid]) => ppid === root).map(([pid]) => pid);
  return [root, ...children];
}

/** PSS of `pids` together, in bytes. */
export function pssSum(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + pssOf(pid), 0);
}

export const mb = (bytes: number) => bytes / 1024 / 1024;
