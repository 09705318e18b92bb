/** The editor's row limit and statement time-out choices, kept per browser. */

export const ROW_LIMITS = [100, 500, 1000, 10_000] as const;
export const DEFAULT_ROW_LIMIT = 100;
/** What "No limit" still means: the server caps every result, and so does the grid. */
export const NO_LIMIT = 0;

export const STATEMENT_TIMEOUTS = [
  { label: '15 s', ms: 15_000 },
  { label: '1 min', ms: 60_000 },
  { label: '2 min', ms: 120_000 },
  { label: '5 min', ms: 300_000 },
] as const;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 120_000;

export interface TimeoutChoice {
  label: string;
  ms: number;
}

/** The choices up to the server's cap, the cap itself offered when it falls between two of them. */
export function timeoutChoices(maxMs: number | undefined): TimeoutChoice[] {
  if (maxMs === undefined) return [...STATEMENT_TIMEOUTS];
  const allowed: TimeoutChoice[] = STATEMENT_TIMEOUTS.filter((t) => t.ms <= maxMs);
  if (!allowed.some((t) => t.ms === maxMs)) allowed.push({ label: maxMs % 60_000 === 0 ? `${maxMs / 60_000} min` : `${Math.round(maxMs / 1000)} s`, ms: maxMs });
  return allowed;
}

const ROW_LIMIT_KEY = 'sql-editor-row-limit';
const TIMEOUT_KEY = 'sql-editor-statement-timeout';

function readNumber(key: string, allowed: readonly number[], fallback: number): number {
  try {
    const stored = localStorage.getItem(key);
    const value = Number(stored);
    return stored !== null && allowed.includes(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Private windows may refuse storage; the choice then lasts for this page only.
  }
}

export const runSettings = {
  rowLimit: () => readNumber(ROW_LIMIT_KEY, [...ROW_LIMITS, NO_LIMIT], DEFAULT_ROW_LIMIT),
  setRowLimit: (value: number) => write(ROW_LIMIT_KEY, value),
  timeoutMs: () => readNumber(TIMEOUT_KEY, STATEMENT_TIMEOUTS.map((t) => t.ms), DEFAULT_STATEMENT_TIMEOUT_MS),
  setTimeoutMs: (value: number) => write(TIMEOUT_KEY, value),
};
