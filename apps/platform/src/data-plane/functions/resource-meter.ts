/**
 * CPU time per request and memory per worker, measured from outside the process: while a worker has
 * requests (or websockets) in flight, its CPU time and resident memory are read every 100 ms
 * (worker.usage(), Linux /proc; elsewhere nothing is measured and only V8's heap limit and the
 * wall-clock limit apply). The CPU used between two readings is split evenly among the requests in
 * flight, since a process's time cannot be told apart per request. A request whose share passes the
 * CPU limit, or memory that grew past the limit since the worker booted (V8's heap limit does not
 * cover ArrayBuffers), stops the worker.
 */
import type { FunctionWorker } from './worker.ts';

export interface MeterLimits {
  cpuMs: number;
  memoryBytes: number;
  /** Default 100 ms. */
  intervalMs?: number;
}

/** One request's (or websocket's) account: close it when the request ends. */
export interface MeteredUse {
  cpuMs: number;
  close(): void;
}

export class ResourceMeter {
  private readonly uses = new Set<MeteredUse>();
  private timer: NodeJS.Timeout | null = null;
  private lastCpuMs = 0;
  /** Resident memory once it served: what the runtime itself needs, not counted against the function. */
  private readonly baselineRss: number;

  constructor(
    private readonly worker: FunctionWorker,
    private readonly limits: MeterLimits,
    private readonly onOver: (reason: 'CPUTime' | 'Memory') => void,
  ) {
    this.baselineRss = worker.usage()?.rssBytes ?? 0;
  }

  begin(): MeteredUse {
    // Sampling goes on until a reading finds nothing in flight, so back-to-back requests (a busy
    // function) cost no /proc reading of their own.
    if (!this.timer) this.startSampling();
    const use: MeteredUse = { cpuMs: 0, close: () => this.uses.delete(use) };
    this.uses.add(use);
    return use;
  }

  private startSampling(): void {
    const usage = this.worker.usage();
    if (!usage) return;
    this.lastCpuMs = usage.cpuMs;
    this.timer = setInterval(() => this.sample(), this.limits.intervalMs ?? 100);
    this.timer.unref();
  }

  private stopSampling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private sample(): void {
    const usage = this.worker.usage();
    if (!usage) return this.stopSampling();
    const used = usage.cpuMs - this.lastCpuMs;
    this.lastCpuMs = usage.cpuMs;
    // What ran after the last request ended is nobody's.
    if (this.uses.size === 0) return this.stopSampling();
    const share = used / this.uses.size;
    let isOverCpu = false;
    for (const use of this.uses) {
      use.cpuMs += share;
      if (use.cpuMs > this.limits.cpuMs) isOverCpu = true;
    }
    const isOverMemory = usage.rssBytes - this.baselineRss > this.limits.memoryBytes;
    if (isOverCpu || isOverMemory) {
      this.stopSampling();
      this.onOver(isOverCpu ? 'CPUTime' : 'Memory');
    }
  }
}
