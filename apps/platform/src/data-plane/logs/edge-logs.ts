/**
 * Edge logs: one entry per data-plane request, buffered in memory and written to the platform
 * database in batches (every 250 ms or 200 entries), so logging never adds a write to a request.
 * close() writes what is left; the server calls it when it stops.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../engines/types.ts';

export interface EdgeLogRequest {
  projectRef: string;
  method: string;
  /** Path inside the project, without the query string, e.g. /rest/v1/todos */
  path: string;
  status: number;
  latencyMs: number;
  role: string | null;
  userAgent: string | null;
}

interface Entry {
  id: string;
  timestamp: string;
  project_ref: string;
  event_message: string;
  metadata: Record<string, unknown>;
}

export interface EdgeLogOptions {
  flushIntervalMs?: number;
  batchSize?: number;
  /** Entries kept while the database cannot take them; older ones are dropped beyond this. */
  maxBuffered?: number;
  onError?: (error: unknown) => void;
}

const INSERT_SQL = `insert into edge_logs (id, timestamp, project_ref, event_message, metadata)
  select id, timestamp, project_ref, event_message, metadata
  from jsonb_to_recordset($1::jsonb) as x(id uuid, timestamp timestamptz, project_ref text, event_message text, metadata jsonb)`;

export class EdgeLogWriter {
  private buffer: Entry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private isClosed = false;
  private readonly flushIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;

  constructor(private readonly db: Database, private readonly options: EdgeLogOptions = {}) {
    this.flushIntervalMs = options.flushIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? 200;
    this.maxBuffered = options.maxBuffered ?? 20_000;
  }

  write(request: EdgeLogRequest): void {
    if (this.isClosed) return;
    this.buffer.push({
      id: randomUUID(),
      timestamp: new Date().toISOString(),
      project_ref: request.projectRef,
      event_message: `${request.method} ${request.path} ${request.status}`,
      metadata: {
        method: request.method,
        path: request.path,
        status: request.status,
        latency_ms: Math.round(request.latencyMs * 100) / 100,
        role: request.role,
        user_agent: request.userAgent,
        project_ref: request.projectRef,
      },
    });
    if (this.buffer.length > this.maxBuffered) this.buffer.splice(0, this.buffer.length - this.maxBuffered);
    if (this.buffer.length >= this.batchSize) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushIntervalMs);
      this.timer.unref();
    }
  }

  /** Writes everything buffered so far; resolves when it is in the database (or failed and was reported). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.buffer;
    this.buffer = [];
    // Batches go one after another, so entries land in the order they were written.
    this.writing = this.writing.then(async () => {
      for (let i = 0; i < batch.length; i += this.batchSize) {
        try {
          await this.db.query(INSERT_SQL, [JSON.stringify(batch.slice(i, i + this.batchSize))]);
        } catch (error) {
          this.options.onError?.(error);
        }
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await this.flush();
  }
}
