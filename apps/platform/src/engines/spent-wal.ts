/**
 * The WAL segments a cleanly shut down cluster no longer needs, read from its `global/pg_control`.
 *
 * A shutdown ends with a checkpoint, after which the cluster starts from that checkpoint alone: it
 * needs the segments from the checkpoint's REDO point to the checkpoint record (one segment, after a
 * shutdown checkpoint), nothing before (spent) and nothing after (recycled segments, renamed ahead
 * for reuse and full of old bytes; Postgres makes new ones when it needs them). After heavy writes a
 * cluster keeps recycled segments up to `max_wal_size`, so leaving them out of a pause's archive
 * roughly halves it. Anything not proven safe keeps every segment: a state other than "shut down",
 * an unreadable control file, segments of unequal sizes, or the REDO segment missing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** ControlFileData's leading fields, unchanged since PostgreSQL 9.x (pg_control.h), little-endian. */
const STATE_OFFSET = 16;
const CHECKPOINT_OFFSET = 32;
const REDO_OFFSET = 40; // checkPointCopy.redo, the first field of the CheckPoint copy
const DB_SHUTDOWNED = 1;
const FIRST_LAYOUT_VERSION = 1100; // pg_control_version of PostgreSQL 11
const SEGMENT_NAME = /^[0-9A-F]{24}$/;

interface CleanShutdown {
  redo: bigint;
  checkpoint: bigint;
}

/** The REDO and checkpoint positions of a clean shutdown, or null if pg_control does not show one. */
export function cleanShutdownOf(dataDir: string): CleanShutdown | null {
  let control: Buffer;
  try {
    control = readFileSync(join(dataDir, 'global', 'pg_control'));
  } catch {
    return null;
  }
  if (control.length < REDO_OFFSET + 8 || control.readUInt32LE(8) < FIRST_LAYOUT_VERSION) return null;
  if (control.readUInt32LE(STATE_OFFSET) !== DB_SHUTDOWNED) return null;
  return { redo: control.readBigUInt64LE(REDO_OFFSET), checkpoint: control.readBigUInt64LE(CHECKPOINT_OFFSET) };
}

/** A segment's number from its name (timeline, then log and segment of 32 bits each in 8 hex digits). */
function segmentNumber(name: string, segmentsPerLog: bigint): bigint {
  return BigInt(`0x${name.slice(8, 16)}`) * segmentsPerLog + BigInt(`0x${name.slice(16, 24)}`);
}

/**
 * The names (in pg_wal) of segments a clean shutdown left that a restart does not read. Synchronous
 * on purpose: one 8 KB file and one directory listing, read once before an archive starts.
 */
export function spentWalSegments(dataDir: string): string[] {
  const shutdown = cleanShutdownOf(dataDir);
  if (!shutdown) return [];
  const walDir = join(dataDir, 'pg_wal');
  let names: string[];
  try {
    names = readdirSync(walDir).filter((name) => SEGMENT_NAME.test(name));
  } catch {
    return [];
  }
  const sizes = new Set(names.map((name) => statSync(join(walDir, name)).size));
  if (sizes.size !== 1) return [];
  const segmentSize = BigInt([...sizes][0]);
  if (segmentSize === 0n) return [];
  const segmentsPerLog = 0x1_0000_0000n / segmentSize;
  const first = shutdown.redo / segmentSize;
  const last = shutdown.checkpoint / segmentSize;
  if (last < first || !names.some((name) => segmentNumber(name, segmentsPerLog) === first)) return [];
  return names.filter((name) => {
    const number = segmentNumber(name, segmentsPerLog);
    return number < first || number > last;
  });
}
