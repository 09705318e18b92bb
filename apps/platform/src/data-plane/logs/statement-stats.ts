/**
 * The query performance figures the platform records itself, on the engines whose servers keep
 * none it can read (embedded, postgres): calls, rows and total/min/max time per normalised statement
 * and project, in the platform table statement_stats (migration 0018).
 *
 * A statement costs the request path one Map update under its text as run; each node adds up in
 * memory and every FLUSH_INTERVAL_MS normalises each distinct text once (constants to $n, so one
 * statement shape is one row) and upserts increments, as log_dropped_entries is, so several nodes
 * add to the same rows. A project keeps at most MAX_STATEMENTS_PER_PROJECT distinct statements
 * (beyond that new ones are not recorded, so a tenant generating endless distinct SQL cannot grow
 * the table), and statements not run for RETENTION_DAYS are removed, as are a deleted project's, at
 * most once an hour per node. `since` of the report is the project's oldest row.
 */
import { createHash } from 'node:crypto';
import { normalizeStatement } from '@plinth/log-sql';
import type { Database } from '../../engines/types.ts';

export const MAX_STATEMENTS_PER_PROJECT = 5000;
export const RETENTION_DAYS = 7;
const FLUSH_INTERVAL_MS = 5000;
const EVICT_INTERVAL_MS = 3600_000;
const ERROR_REPORT_INTERVAL_MS = 60_000;
/** Characters of a normalised statement stored; the id is of the whole text, so longer ones stay apart. */
const MAX_QUERY_CHARS = 4000;

interface Figures {
  calls: number;
  rows: number;
  totalMs: number;
  minMs: number;
  maxMs: number;
}

interface StatRow {
  project_ref: string;
  query_id: string;
  query: string;
  calls: number;
  rows: number;
  total_time_ms: number;
  min_time_ms: number;
  max_time_ms: number;
}

/**
 * Increments for existing rows; new rows only while the project is under its cap (the most called
 * first). Several nodes may admit a few past the cap at the same moment; the cap bounds, it is not exact.
 */
const UPSERT_SQL = `
with x as (
  select * from jsonb_to_recordset($1::jsonb) as x(project_ref text, query_id text, query text, calls bigint, rows bigint,
                                                   total_time_ms float8, min_time_ms float8, max_time_ms float8)
),
counts as (
  select project_ref, count(*) as n from statement_stats where project_ref in (select project_ref from x) group by project_ref
),
ranked as (
  select x.*, e.query_id is not null as is_known, coalesce(c.n, 0) as n,
         row_number() over (partition by x.project_ref, e.query_id is not null order by x.calls desc) as rank
    from x
    left join statement_stats e on e.project_ref = x.project_ref and e.query_id = x.query_id
    left join counts c on c.project_ref = x.project_ref
)
insert into statement_stats as s (project_ref, query_id, query, calls, rows, total_time_ms, min_time_ms, max_time_ms)
select project_ref, query_id, query, calls, rows, total_time_ms, min_time_ms, max_time_ms
  from ranked where is_known or rank <= $2 - n
on conflict (project_ref, query_id) do update set
  calls = s.calls + excluded.calls,
  rows = s.rows + excluded.rows,
  total_time_ms = s.total_time_ms + excluded.total_time_ms,
  min_time_ms = least(s.min_time_ms, excluded.min_time_ms),
  max_time_ms = greatest(s.max_time_ms, excluded.max_time_ms),
  last_seen_at = now()`;

const EVICT_SQL = `delete from statement_stats s
  where s.last_seen_at < now() - make_interval(days => $1)
     or not exists (select 1 from projects p where p.ref = s.project_ref)`;

export class StatementStats {
  /** Project ref -> statement text as run -> figures since the last flush. */
  private pending = new Map<string, Map<string, Figures>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastEvictedAt = 0;
  private lastErrorReportAt = -Infinity;
  private isClosed = false;

  constructor(
    private readonly db: Database,
    private readonly options: { flushIntervalMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  /** Counts one completed statement; never waits, never throws. */
  record(projectRef: string, sql: string, durationMs: number, rows: number): void {
    if (this.isClosed) return;
    let project = this.pending.get(projectRef);
    if (!project) this.pending.set(projectRef, (project = new Map()));
    let figures = project.get(sql);
    if (!figures) {
      // Memory between flushes is bounded like the table: the same cap of distinct texts per project.
      if (project.size >= MAX_STATEMENTS_PER_PROJECT) return;
      project.set(sql, (figures = { calls: 0, rows: 0, totalMs: 0, minMs: durationMs, maxMs: durationMs }));
    }
    figures.calls += 1;
    figures.rows += rows;
    figures.totalMs += durationMs;
    if (durationMs < figures.minMs) figures.minMs = durationMs;
    if (durationMs > figures.maxMs) figures.maxMs = durationMs;
    if (!this.flushing) this.schedule();
  }

  /** Writes what was counted so far (a report flushes first, so its reader sees this node's latest). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing ??= this.write().finally(() => {
      this.flushing = null;
      // What was counted while this write ran.
      if (this.pending.size > 0) this.schedule();
    });
    return this.flushing;
  }

  private schedule(): void {
    if (this.timer || this.isClosed) return;
    this.timer = setTimeout(() => void this.flush(), this.options.flushIntervalMs ?? FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Writes what is left; later statements are not counted. Call before the database closes. */
  async close(): Promise<void> {
    this.isClosed = true;
    await this.flush();
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const rows = rowsOf(batch);
    try {
      if (rows.length > 0) await this.db.query(UPSERT_SQL, [JSON.stringify(rows), MAX_STATEMENTS_PER_PROJECT]);
      if (Date.now() - this.lastEvictedAt >= EVICT_INTERVAL_MS) {
        this.lastEvictedAt = Date.now();
        await this.db.query(EVICT_SQL, [RETENTION_DAYS]);
      }
    } catch (error) {
      this.reportError(error);
    }
  }

  private reportError(error: unknown): void {
    const now = Date.now();
    if (now - this.lastErrorReportAt < ERROR_REPORT_INTERVAL_MS) return;
    this.lastErrorReportAt = now;
    this.options.onError?.(error);
  }
}

/** Each project's texts normalised and added up per statement shape. */
function rowsOf(batch: Map<string, Map<string, Figures>>): StatRow[] {
  const rows: StatRow[] = [];
  for (const [projectRef, statements] of batch) {
    const shapes = new Map<string, StatRow>();
    for (const [sql, figures] of statements) {
      const query = normalizeStatement(sql.trim());
      let row = shapes.get(query);
      if (!row) {
        const queryId = createHash('sha256').update(query).digest('hex').slice(0, 32);
        const stored = query.length > MAX_QUERY_CHARS ? `${query.slice(0, MAX_QUERY_CHARS)}...` : query;
        shapes.set(query, (row = { project_ref: projectRef, query_id: queryId, query: stored, calls: 0, rows: 0, total_time_ms: 0, min_time_ms: Infinity, max_time_ms: 0 }));
      }
      row.calls += figures.calls;
      row.rows += figures.rows;
      row.total_time_ms += figures.totalMs;
      row.min_time_ms = Math.min(row.min_time_ms, figures.minMs);
      row.max_time_ms = Math.max(row.max_time_ms, figures.maxMs);
    }
    rows.push(...shapes.values());
  }
  return rows;
}
