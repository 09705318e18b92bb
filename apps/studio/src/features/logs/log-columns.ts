/** The columns of free-form log rows and how their cells read as text. */
import type { LogRow } from '../../data/logs/log-rows.ts';

/** Column names in the order the rows first use them (rows of one query usually share theirs). */
export function columnsOf(rows: readonly LogRow[], sample = 200): string[] {
  const names = new Set<string>();
  for (const row of rows.slice(0, sample)) for (const name of Object.keys(row)) names.add(name);
  return [...names];
}

/** A cell as CSV text: objects as JSON, null and missing as empty. */
function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV with a header row. */
export function toCsv(rows: readonly LogRow[]): string {
  const columns = columnsOf(rows, rows.length);
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(csvText(row[column]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(rows: readonly LogRow[]): string {
  return JSON.stringify(rows, null, 2);
}

/** Hands text to the browser as a download named `name`. */
export function downloadText(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has started reading the URL; free it once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local time to the millisecond, as log lists show it: 2026-01-31 14:05:09.123. */
export function formatLogTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
