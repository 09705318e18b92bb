/**
 * Reads a local cluster's server log (jsonlog, one JSON object per line, in its `log/` directory;
 * cluster.ts) while the platform runs the cluster, and reports each line to the DatabaseObserver.
 *
 * The position read up to is kept in a small file beside the cluster (`server-log.json` in the
 * project's directory): a cluster lives on one node, so a per-cluster file is the right place. It
 * moves only after the observer has stored what was reported (`flush`), so after a restart reading
 * goes on where it stopped: a clean stop reads to the end first and neither repeats nor loses a
 * line; a killed process repeats at most the lines of its last read. The log files are named per
 * weekday and truncated when reused a week later, so a position also names its file and the file's
 * first bytes: a file that no longer starts with them is a new one, read from its start.
 *
 * What the platform's own way of working adds to the log is left out or put right:
 * - its pooled connections starting and ending (its pools open and close connections as load comes
 *   and goes, which says nothing about the project), and, before PostgreSQL 18, the "connection
 *   received" line that precedes every "connection authorized" one;
 * - the SQL editor reads a row query through a cursor of its own (plinth_*): a DECLARE that fails is
 *   run again as written (whose error is logged), and a slow one is logged by the server as its
 *   FETCH, so the FETCH line is replaced by auto_explain's, which names the statement; auto_explain's
 *   other lines repeat the server's own slow-statement lines and are left out.
 */
import { open, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseObserver, ServerLogRecord } from '../observer.ts';

/** How often a running cluster's log is looked at. */
const POLL_MS = 1000;
/** Bytes read per look at most, so a large backlog is worked through without holding it all. */
const MAX_READ_BYTES = 1024 * 1024;
/** Bytes of a file's start kept to tell a truncated, rewritten file from the one read before. */
const HEAD_BYTES = 100;

interface Position {
  /** The log file, relative to the data directory (as current_logfiles names it). */
  file: string;
  offset: number;
  head: string;
}

export interface ServerLogOptions {
  ref: string;
  /** The cluster's data directory (PGDATA). */
  dataDir: string;
  /** Where the position is kept. */
  positionFile: string;
  observer: DatabaseObserver;
  /** The application_name of the platform's own connections. */
  platformApplication: string;
  log?: (message: string) => void;
}

export class ServerLogReader {
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;
  private isRunning = false;
  /** Where reading stopped, as saved; undefined until loaded from the position file. */
  private position: Position | null | undefined;

  constructor(private readonly options: ServerLogOptions) {}

  /** Starts looking at the log every POLL_MS; a second start does nothing. */
  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.schedule();
  }

  /** Stops looking, after reading what the cluster wrote up to now (call once it has stopped). */
  async stop(): Promise<void> {
    this.isRunning = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.read();
  }

  /** Reads everything written so far; concurrent callers share one read. */
  read(): Promise<void> {
    this.reading ??= this.readAll()
      .catch((error: unknown) => this.options.log?.(`reading the server log of ${this.options.ref} failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => { this.reading = null; });
    return this.reading;
  }

  private schedule(): void {
    if (!this.isRunning) return;
    this.timer = setTimeout(() => void this.read().finally(() => this.schedule()), POLL_MS);
    this.timer.unref();
  }

  private async readAll(): Promise<void> {
    const current = await this.currentFile();
    if (!current) return;
    if (this.position === undefined) this.position = await this.savedPosition();
    // The file changed (a new day): finish the one read before, then start the new one.
    if (this.position && this.position.file !== current) {
      await this.readFile(this.position);
      this.position = { file: current, offset: 0, head: '' };
    }
    await this.readFile(this.position ?? { file: current, offset: 0, head: '' });
  }

  /** Reads `position.file` from its offset to its end (in bounded chunks), saving the position as it goes. */
  private async readFile(start: Position): Promise<void> {
    let handle;
    try {
      handle = await open(join(this.options.dataDir, start.file), 'r');
    } catch {
      return; // gone (a cluster never started since), nothing to read
    }
    try {
      const head = await readHead(handle);
      const isSameFile = head.startsWith(start.head) && (await handle.stat()).size >= start.offset;
      // The current head: the same file's (at least as long as the saved one), or the new file's.
      let position = { file: start.file, offset: isSameFile ? start.offset : 0, head };
      for (;;) {
        const { size } = await handle.stat();
        if (size <= position.offset) return;
        const length = Math.min(size - position.offset, MAX_READ_BYTES);
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position.offset);
        const end = buffer.lastIndexOf(0x0a, bytesRead - 1);
        if (end < 0) {
          if (bytesRead < MAX_READ_BYTES) return; // a line still being written
          position = { ...position, offset: position.offset + bytesRead }; // a line longer than a chunk: skipped
          this.position = position;
          continue;
        }
        this.report(buffer.toString('utf8', 0, end));
        await this.options.observer.flush();
        position = { ...position, offset: position.offset + end + 1 };
        await this.savePosition(position);
        this.position = position;
      }
    } finally {
      await handle.close();
    }
  }

  private report(text: string): void {
    for (const line of text.split('\n')) {
      let record: ServerLogRecord;
      try {
        record = JSON.parse(line) as ServerLogRecord;
      } catch {
        continue; // not a jsonlog line (the server never writes one; a torn file might)
      }
      if (typeof record.message !== 'string' || typeof record.timestamp !== 'string') continue;
      const shown = this.asShown(record);
      if (shown) this.options.observer.serverLog(this.options.ref, shown);
    }
  }

  /** The line as the project's log shows it, or null when it is the platform's own noise (see above). */
  private asShown(record: ServerLogRecord): ServerLogRecord | null {
    const { message } = record;
    if (message.startsWith('connection received:')) return null;
    if (message.startsWith('connection authorized:') || message.startsWith('disconnection:')) {
      // The authorized line names the application only in its message.
      const application = record.application_name ?? /\bapplication_name=(\S+)/.exec(message)?.[1];
      return application === this.options.platformApplication ? null : record;
    }
    if (record.statement !== undefined && PLATFORM_CURSOR.test(record.statement)) return null;
    if (PLATFORM_CURSOR_FETCH.test(message)) return null;
    const plan = EXPLAINED.exec(message);
    if (plan) {
      const text = queryTextOf(plan[2]);
      const cursor = text === null ? null : PLATFORM_CURSOR.exec(text);
      if (!cursor) return null;
      const statement = text!.slice(cursor[0].length);
      return { ...record, message: `duration: ${plan[1]} ms  statement: ${statement}`, statement };
    }
    return record;
  }

  /** The jsonlog file the server writes now, from its current_logfiles ("jsonlog log/postgresql-Mon.json"). */
  private async currentFile(): Promise<string | null> {
    const text = await readFile(join(this.options.dataDir, 'current_logfiles'), 'utf8').catch(() => '');
    const line = text.split('\n').find((l) => l.startsWith('jsonlog '));
    return line ? line.slice('jsonlog '.length).trim() : null;
  }

  private async savedPosition(): Promise<Position | null> {
    try {
      const saved = JSON.parse(await readFile(this.options.positionFile, 'utf8')) as Partial<Position>;
      if (typeof saved.file === 'string' && typeof saved.offset === 'number' && typeof saved.head === 'string') return saved as Position;
    } catch {
      // none yet, or unreadable: start at the beginning of the current file
    }
    return null;
  }

  /** Written aside and renamed, so a crash leaves the old position or the new one, never half. */
  private async savePosition(position: Position): Promise<void> {
    const aside = `${this.options.positionFile}.tmp`;
    try {
      await writeFile(aside, JSON.stringify(position));
      await rename(aside, this.options.positionFile);
    } catch (error) {
      // The project's directory is gone (dropped while reading): nothing left to keep a position for.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** DECLARE of one of the platform's cursors, up to its statement. */
const PLATFORM_CURSOR = /^\s*declare\s+plinth_\w*\s[\s\S]*?\bcursor\b[\s\S]*?\bfor\s+/i;
/** The server's slow-statement line for a FETCH from one of them. */
const PLATFORM_CURSOR_FETCH = /^duration: [\d.]+ ms {2}statement: fetch\b[\s\S]*\bplinth_\w*\s*;?\s*$/i;
/** auto_explain's line: "duration: 1102.586 ms  plan:" and the plan as JSON. */
const EXPLAINED = /^duration: ([\d.]+) ms {2}plan:\n([\s\S]*)$/;

function queryTextOf(plan: string): string | null {
  try {
    const text = (JSON.parse(plan) as { 'Query Text'?: unknown })['Query Text'];
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

async function readHead(handle: Awaited<ReturnType<typeof open>>): Promise<string> {
  const buffer = Buffer.alloc(HEAD_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
  return buffer.toString('latin1', 0, bytesRead);
}
