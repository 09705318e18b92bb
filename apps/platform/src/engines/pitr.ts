/**
 * Point-in-time recovery as an engine offers it (Engine.pitr), and why an engine does not. Only the
 * local engine can: each project is its own cluster, whose WAL is the project's alone
 * (engines/local/pitr.ts).
 */
import type { EngineName } from './bootstrap.ts';
import type { ProjectLocation } from './types.ts';

export interface PitrRange {
  /** When the oldest kept base backup finished: the earliest moment recoverable. */
  earliest: Date;
  /** The newest archived WAL segment (or base backup). */
  latest: Date;
}

export interface PointInTimeRecovery {
  /** Turns WAL archiving on for the project's cluster (a restart). The first base backup is takeBaseBackup's. */
  enable(location: ProjectLocation): Promise<void>;
  /** Turns it off (a restart) and removes the archive and the base backups. */
  disable(location: ProjectLocation): Promise<void>;
  /** A base backup while the project serves; resolves with when it finished. */
  takeBaseBackup(location: ProjectLocation): Promise<Date>;
  /** Removes base backups finished before `before` (never the newest) and the WAL only they needed. */
  prune(location: ProjectLocation, before: Date): Promise<number>;
  /** What can be recovered; null before the first base backup. */
  range(location: ProjectLocation): Promise<PitrRange | null>;
  /** Replays the database to `target`; on failure it is as it was, online. */
  recover(location: ProjectLocation, target: Date): Promise<void>;
}

/** Why point-in-time recovery is not possible on an engine without Engine.pitr (shown as is). */
export const PITR_UNAVAILABLE: Record<EngineName, string> = {
  local: '',
  embedded:
    'Point-in-time recovery is not possible on the embedded engine: a PGlite database runs inside the platform without a write-ahead log archive, so there is nothing to replay to a moment. Daily backups are available.',
  postgres:
    "Point-in-time recovery is not possible on the Postgres server engine: a project is one database on a server shared with other projects, and the server's write-ahead log is shared too, so replaying it would move every project on the server back in time. Daily backups are available.",
};
