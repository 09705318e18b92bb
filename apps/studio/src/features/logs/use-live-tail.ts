import { useEffect, useRef, useState } from 'react';
import { getLogs } from '../../data/logs/logs-query.ts';
import { dedupeRows, timeBounds, type LogRow } from '../../data/logs/log-rows.ts';

export const LIVE_TAIL_INTERVAL_MS = 4000;
/** Rows live tail keeps in the page; older ones stay reachable through Refresh and Load older. */
const MAX_TAIL_ROWS = 5000;
/** The range ends a little after this browser's now: the server's clock, which stamps entries, may run ahead. */
const CLOCK_SKEW_MS = 60_000;

/** Whether the page is in view; live tail rests while the tab is hidden. */
export function usePageVisible(): boolean {
  const [isVisible, setIsVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setIsVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return isVisible;
}

interface LiveTailOptions {
  projectRef: string;
  /** The page's own query (newest first), asked again for the time after the newest row shown. */
  sql: string;
  isOn: boolean;
  /** The newest time of the rows shown besides the tail's own, in ms; new rows are asked from there. */
  newestMs: number | null;
}

/**
 * Live tail: every few seconds, the same query over the time from the newest entry shown until now;
 * rows not seen yet come back newest first. Stops when switched off, when the tab is hidden, and
 * when the query changes (which also forgets the rows it brought).
 */
export function useLiveTail({ projectRef, sql, isOn, newestMs }: LiveTailOptions) {
  const isVisible = usePageVisible();
  const [rows, setRows] = useState<LogRow[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const newest = useRef(newestMs);
  newest.current = newestMs;
  const tailNewest = useRef<number | null>(null);
  const isActive = isOn && isVisible;

  useEffect(() => {
    setRows([]);
    setFailure(null);
    tailNewest.current = null;
  }, [sql]);

  useEffect(() => {
    if (!isActive) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      const now = Date.now();
      // Before anything is shown, the last minute; the overlap with what is shown is dropped by id.
      const since = Math.max(newest.current ?? -Infinity, tailNewest.current ?? -Infinity);
      const from = Number.isFinite(since) ? since : now - 60_000;
      try {
        const answer = await getLogs(projectRef, { sql, iso_timestamp_start: new Date(from).toISOString(), iso_timestamp_end: new Date(Math.max(now, from) + CLOCK_SKEW_MS).toISOString() }, controller.signal);
        if (answer.error) setFailure(answer.error.message);
        else {
          setFailure(null);
          const found = answer.result ?? [];
          const bounds = timeBounds(found);
          if (bounds) tailNewest.current = Math.max(tailNewest.current ?? -Infinity, bounds.newest);
          if (found.length > 0) setRows((current) => dedupeRows([...found, ...current]).slice(0, MAX_TAIL_ROWS));
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        setFailure(error instanceof Error ? error.message : String(error));
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), LIVE_TAIL_INTERVAL_MS);
    }
    // At once when switched on (or the tab comes back), then every few seconds.
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [isActive, projectRef, sql]);

  return { rows, failure, isPausedByHiddenTab: isOn && !isVisible };
}
