/**
 * A worker's stdout or stderr cut into log entries: text framed by the serve module's console
 * markers (bootstrap.ts) is one entry with the console method's level; anything else the process
 * wrote (an uncaught error's trace, Deno's own warnings, direct writes to Deno.stdout) is one entry
 * per chunk read from the pipe (a trace is written at once, so it stays one entry), `log` on stdout
 * and `error` on stderr. The readiness line is not an entry.
 */
import type { FunctionConsoleLevel } from '../logs/function-logs.ts';
import { CONSOLE_BEGIN, CONSOLE_END, READY_MARKER } from './bootstrap.ts';

export type ConsoleLevel = FunctionConsoleLevel;

export interface ConsoleEntry {
  level: ConsoleLevel;
  message: string;
}

const LEVELS = new Set<string>(['log', 'info', 'warning', 'error']);
/** One console call's text is cut here (a function printing a huge object must not fill the log). */
const ENTRY_LIMIT = 10_000;
/** An unfinished line held longer than this is logged as it is. */
const PENDING_LIMIT = 64 * 1024;

export class OutputSplitter {
  private pending = '';
  private framedLevel: ConsoleLevel | null = null;
  private framedLines: string[] = [];
  private framedLength = 0;

  constructor(private readonly fallbackLevel: ConsoleLevel, private readonly emit: (entry: ConsoleEntry) => void) {}

  push(text: string): void {
    this.pending += text;
    const unframed: string[] = [];
    let newline = this.pending.indexOf('\n');
    while (newline >= 0) {
      this.line(this.pending.slice(0, newline), unframed);
      this.pending = this.pending.slice(newline + 1);
      newline = this.pending.indexOf('\n');
    }
    if (this.pending.length > PENDING_LIMIT) {
      this.line(this.pending, unframed);
      this.pending = '';
    }
    this.emitUnframed(unframed);
  }

  /** The process ended: whatever is left is logged. */
  end(): void {
    const unframed: string[] = [];
    if (this.pending) this.line(this.pending, unframed);
    this.pending = '';
    this.emitUnframed(unframed);
    this.closeFrame();
  }

  private emitUnframed(lines: string[]): void {
    if (lines.length === 0) return;
    const message = lines.join('\n');
    this.emit({ level: this.fallbackLevel, message: message.length > ENTRY_LIMIT ? `${message.slice(0, ENTRY_LIMIT)}…` : message });
  }

  private line(raw: string, unframed: string[]): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.startsWith(CONSOLE_BEGIN) && LEVELS.has(line.slice(1))) {
      this.closeFrame();
      this.framedLevel = line.slice(1) as ConsoleLevel;
      return;
    }
    if (line === CONSOLE_END && this.framedLevel) {
      this.closeFrame();
      return;
    }
    if (this.framedLevel) {
      if (this.framedLength < ENTRY_LIMIT) this.framedLines.push(line);
      this.framedLength += line.length + 1;
      return;
    }
    if (line.trim() === '' || line === READY_MARKER) return;
    unframed.push(line);
  }

  private closeFrame(): void {
    if (!this.framedLevel) return;
    const message = this.framedLines.join('\n');
    this.emit({ level: this.framedLevel, message: message.length > ENTRY_LIMIT ? `${message.slice(0, ENTRY_LIMIT)}…` : message });
    this.framedLevel = null;
    this.framedLines = [];
    this.framedLength = 0;
  }
}
