// Memory and CPU of another process, read from Linux's /proc from outside it: a server run as a
// child process is measured without the benchmark's own client buffers counting as its memory.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { processTree } from './pss.ts';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Resident set size now and its high-water mark (VmHWM), in bytes. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** User + system CPU time of `pid` so far, in ms. */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}

export interface Watched {
  /** The highest RSS over the stretch: VmHWM (reset at its start) or a sample, whichever is higher. */
  peakRss: number;
  cpuMs: number;
}

/**
 * Watches `pid` over a stretch of work: its VmHWM is reset at the start (clear_refs 5, so the peak is
 * this stretch's, not start-up's), and its RSS sampled every `intervalMs` as a cross-check.
 */
export function watch(pid: number, intervalMs = 50): { stop(): Watched } {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const cpuStart = cpuMsOf(pid);
  let sampled = memoryOf(pid).rss;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, memoryOf(pid).rss);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const { rss, hwm } = memoryOf(pid);
      return { peakRss: Math.max(sampled, rss, hwm), cpuMs: cpuMsOf(pid) - cpuStart };
    },
  };
}

/** The median of `count` RSS samples `intervalMs` apart: a settled process's resident size. */
export async function settledRss(pid: number, count = 20, intervalMs = 50): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    samples.push(memoryOf(pid).rss);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

/** This process's child whose command line contains `marker` (child-platform.ts does not name its pid). */
export function childPid(marker: string): number {
  for (const pid of processTree(process.pid).slice(1)) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) return pid;
    } catch {
      /* exited while we looked */
    }
  }
  throw new Error(`no child process runs ${marker}`);
}
