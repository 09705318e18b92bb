/**
 * Long work (provisioning, pause, restore) runs after the request has answered, while the studio
 * polls the status. Jobs are tracked so shutdown can wait for them instead of cutting them off.
 */
export class BackgroundJobs {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown, name: string) => void) {}

  run(name: string, work: () => Promise<void>): void {
    const job = work()
      .catch((error) => this.onError(error, name))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
