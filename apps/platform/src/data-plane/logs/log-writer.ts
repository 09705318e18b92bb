/**
 * The one path every service writes its log entries through (edge, PostgREST, auth, and storage,
 * realtime, functions as they come): entries wait in one bounded in-memory buffer and reach the
 * platform database in batches, one INSERT per source per batch, so logging never adds a database
 * write to a request. Under overload the entry is dropped and counted, never the request: when the
 * buffer is full (the database is slower than the traffic) or a batch fails (the database is down).
 * Drop counts are upserted into log_dropped_entries with the next batch that gets through, so they
 * survive the process and add up across nodes. Every entry is redacted as it is serialised.
 *
 * Cost (bench/logging-cost.ts, budget < 10 % of REST throughput): an entry is redacted and serialised
 * when written and waits as one string, so a batch is one join and entries held for up to a flush
 * interval are no object graph for the garbage collector to trace; ids are time-ordered (UUIDv7
 * layout) so the primary key grows at its right edge; batches commit without waiting for the WAL
 * flush (ASYNC_COMMIT below).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../engines/types.ts';
import { redactMetadata, redactText } from './redact.ts';
import { isLogSource, LOG_SOURCES, type LogMetadata, type LogSource } from './sources.ts';

export interface LogWriterOptions {
  /** A first entry waits at most this long for company before it is written. */
  flushIntervalMs?: number;
  /** This many buffered entries start a write at once. */
  batchSize?: number;
  /** Rows per INSERT statement; a bigger batch is written in several. */
  maxRowsPerStatement?: number;
  /** Entries held while the database is slow or down; beyond this new entries are dropped and counted. */
  maxBuffered?: number;
  /** Told when writing starts failing (once per minute at most, so a down database does not flood the log). */
  onError?: (error: unknown) => void;
}

/** One source's entries waiting for the next batch: rows as redacted JSON, and whose they are (to count drops). */
interface PendingRows {
  rows: string[];
  projectRefs: string[];
}

const ERROR_REPORT_INTERVAL_MS = 60_000;
/** How soon drop counts the database refused are offered again when no new entry comes. */
const RETRY_INTERVAL_MS = 1000;

/**
 * A UUID with the version 7 layout of RFC 9562: 48 bits of Unix milliseconds, then randomUUID()'s
 * random bits (its variant bits are already right), so ids sort by time.
 */
export function timeOrderedId(ms: number): string {
  const time = ms.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}

/** One INSERT per source, by text (`source` is one of LOG_SOURCES, quoted all the same): prepared once per connection. */
const INSERT_SQL = Object.fromEntries(LOG_SOURCES.map((source) => [source, `insert into "${source}" (id, timestamp, project_ref, event_message, metadata)
    select id, timestamp, project_ref, event_message, metadata
    from jsonb_to_recordset($1::jsonb) as x(id uuid, timestamp timestamptz, project_ref text, event_message text, metadata jsonb)`])) as Record<LogSource, string>;

/**
 * Run before each batch in the same transaction: its commit does not wait for the WAL to reach the
 * disk. Log entries are allowed to be lost (that is what dropping is), so a crash may cost the last
 * few hundred milliseconds of them, and a flush per batch is not worth its share of the server.
 */
const ASYNC_COMMIT = { sql: `select pg_catalog.set_config('synchronous_commit', 'off', true)`, params: [] };

const COUNT_DROPS_SQL = `insert into log_dropped_entries (source, project_ref, dropped, last_dropped_at)
  select source, project_ref, dropped, now() from jsonb_to_recordset($1::jsonb) as x(source text, project_ref text, dropped bigint)
  on conflict (source, project_ref) do update
    set dropped = log_dropped_entries.dropped + excluded.dropped, last_dropped_at = excluded.last_dropped_at`;

export class LogWriter {
  private pending = new Map<LogSource, PendingRows>();
  private pendingCount = 0;
  /** `${source} ${projectRef}` -> entries dropped and not yet counted in the database. */
  private drops = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private isClosed = false;
  private lastErrorReportAt = -Infinity;
  private readonly flushIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxRowsPerStatement: number;
  private readonly maxBuffered: number;

  constructor(private readonly db: Database, private readonly options: LogWriterOptions = {}) {
    this.flushIntervalMs = options.flushIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? 200;
    this.maxRowsPerStatement = options.maxRowsPerStatement ?? 500;
    this.maxBuffered = options.maxBuffered ?? 20_000;
  }

  /**
   * Queues one entry; never waits and never throws for a known source. `at` (Unix ms) is when it
   * happened, for entries read from elsewhere (a server log line); by default, now.
   */
  write(source: LogSource, projectRef: string, eventMessage: string, metadata: LogMetadata, at?: number): void {
    if (!isLogSource(source)) throw new Error(`unknown log source ${String(source)}`);
    if (this.isClosed) return;
    if (this.pendingCount >= this.maxBuffered) {
      this.countDrops(source, projectRef, 1);
      return;
    }
    const now = at ?? Date.now();
    let row: string;
    try {
      row = JSON.stringify({
        id: timeOrderedId(now), timestamp: new Date(now).toISOString(), project_ref: projectRef,
        event_message: redactText(eventMessage), metadata: redactMetadata(metadata),
      });
    } catch (error) {
      // Metadata that is not JSON (a cycle, a BigInt): a service's bug, which must not fail its request.
      this.countDrops(source, projectRef, 1);
      this.reportError(error);
      return;
    }
    let rows = this.pending.get(source);
    if (!rows) this.pending.set(source, (rows = { rows: [], projectRefs: [] }));
    rows.rows.push(row);
    rows.projectRefs.push(projectRef);
    this.pendingCount++;
    if (this.draining) return; // the write in progress takes this entry too
    if (this.pendingCount >= this.batchSize) void this.flush();
    else this.schedule(this.flushIntervalMs);
  }

  /** Entries waiting to be written (for tests and health). */
  get bufferedCount(): number {
    return this.pendingCount;
  }

  /**
   * Writes everything buffered so far (and what arrives meanwhile), then the drop counts; resolves
   * when that is in the database or has failed and been counted as dropped. One write at a time.
   */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.draining) {
      this.draining = this.drain().finally(() => {
        this.draining = null;
        // Entries that came while the drop counts were written, or counts the database refused.
        if (this.pendingCount > 0 || this.drops.size > 0) this.schedule(this.pendingCount > 0 ? this.flushIntervalMs : RETRY_INTERVAL_MS);
      });
    }
    return this.draining;
  }

  /** Writes what is left; later entries are ignored. Call after the HTTP server closed, before the database. */
  async close(): Promise<void> {
    this.isClosed = true;
    await this.flush();
  }

  private async drain(): Promise<void> {
    while (this.pendingCount > 0) {
      const batch = this.pending;
      this.pending = new Map();
      this.pendingCount = 0;
      await this.writeBatch(batch);
    }
    if (this.drops.size > 0) await this.writeDropCounts();
  }

  private async writeBatch(batch: Map<LogSource, PendingRows>): Promise<void> {
    for (const [source, { rows, projectRefs }] of batch) {
      for (let i = 0; i < rows.length; i += this.maxRowsPerStatement) {
        const end = Math.min(i + this.maxRowsPerStatement, rows.length);
        try {
          await this.db.queryPrepared(ASYNC_COMMIT, { sql: INSERT_SQL[source], params: [`[${rows.slice(i, end).join(',')}]`] });
        } catch (error) {
          for (let j = i; j < end; j++) this.countDrops(source, projectRefs[j], 1);
          this.reportError(error);
        }
      }
    }
  }

  private async writeDropCounts(): Promise<void> {
    const counts = this.drops;
    this.drops = new Map();
    const rows = [...counts].map(([key, dropped]) => {
      const space = key.indexOf(' '); // source names hold no space; a ref could
      return { source: key.slice(0, space), project_ref: key.slice(space + 1), dropped };
    });
    try {
      await this.db.query(COUNT_DROPS_SQL, [JSON.stringify(rows)]);
    } catch (error) {
      // Kept for the next flush: the count must not be lost because the database is down too.
      for (const [key, dropped] of counts) this.drops.set(key, (this.drops.get(key) ?? 0) + dropped);
      this.reportError(error);
    }
  }

  private countDrops(source: LogSource, projectRef: string, count: number): void {
    const key = `${source} ${projectRef}`;
    this.drops.set(key, (this.drops.get(key) ?? 0) + count);
    // Dropped entries are counted in the database with the next write; make sure one comes.
    if (!this.draining) this.schedule(this.flushIntervalMs);
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.isClosed) return;
    this.timer = setTimeout(() => void this.flush(), delayMs);
    this.timer.unref();
  }

  private reportError(error: unknown): void {
    const now = Date.now();
    if (now - this.lastErrorReportAt < ERROR_REPORT_INTERVAL_MS) return;
    this.lastErrorReportAt = now;
    this.options.onError?.(error);
  }
}
