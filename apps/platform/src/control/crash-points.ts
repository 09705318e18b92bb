/**
 * Named moments of long work (a pause, a restore, a backup) at which the crash-safety tests kill the platform
 * as kill -9 would: a child platform started with PLINTH_CRASH_AT=<name> dies the moment it gets
 * there, so a test can cut the work off between any two of its steps, not just where timing happens
 * to land. Read from the environment only: nothing over HTTP can set it.
 */
export function crashPoint(name: string): void {
  if (process.env.PLINTH_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
