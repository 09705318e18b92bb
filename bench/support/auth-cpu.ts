// CPU time a side spends per request: its Node process and the project cluster's Postgres processes,
// read from /proc around a run. On a shared two-core machine a neighbour's burst moves requests/s a
// lot and CPU per request much less, so this is the steadier of the two comparisons.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuMsOf } from './proc-stats.ts';
import { processTree } from './pss.ts';

/** The project cluster's postmaster (first line of postmaster.pid) and its server processes now. */
export function clusterPids(dataDir: string, ref: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'projects', ref, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return processTree(postmaster);
}

function snapshot(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      times.set(pid, cpuMsOf(pid));
    } catch {
      /* exited meanwhile */
    }
  }
  return times;
}

/**
 * Starts counting; the returned function gives the CPU ms used since by `pids()`: the difference for
 * a process alive at both ends, all of it for one started meanwhile (a pool's new connection).
 */
export function cpuMeter(pids: () => number[]): () => number {
  const before = snapshot(pids());
  return () => {
    let total = 0;
    for (const [pid, ms] of snapshot([...new Set([...before.keys(), ...pids()])])) total += ms - (before.get(pid) ?? 0);
    return total;
  };
}
