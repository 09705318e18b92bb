/**
 * The explorer's recent queries: this user's last 20 runs in this project, newest first, kept in
 * the browser's localStorage under a key naming the user and the project (so another account on the
 * same browser sees its own). Not synced between browsers.
 */
import { useCallback, useEffect, useState } from 'react';

export const RECENT_LIMIT = 20;

export interface RecentQuery {
  sql: string;
  /** ISO time of the run. */
  ranAt: string;
}

export function recentKey(userId: string, ref: string): string {
  return `logs-explorer-recent:${userId}:${ref}`;
}

export function parseRecent(raw: string | null): RecentQuery[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter((entry): entry is RecentQuery => !!entry && typeof entry.sql === 'string' && typeof entry.ranAt === 'string')
      .slice(0, RECENT_LIMIT);
  } catch {
    return [];
  }
}

/** The list after a run of `sql`: that query moves to the top, the list keeps its 20 newest. */
export function withRun(list: RecentQuery[], sql: string, ranAt: string): RecentQuery[] {
  return [{ sql, ranAt }, ...list.filter((entry) => entry.sql !== sql)].slice(0, RECENT_LIMIT);
}

function read(key: string | null): RecentQuery[] {
  if (!key) return [];
  try {
    return parseRecent(localStorage.getItem(key));
  } catch {
    return [];
  }
}

/** The list and a way to record a run; before the user is known nothing is read or written. */
export function useRecentQueries(userId: string | undefined, ref: string) {
  const key = userId ? recentKey(userId, ref) : null;
  const [list, setList] = useState<RecentQuery[]>(() => read(key));
  useEffect(() => setList(read(key)), [key]);

  const record = useCallback(
    (sql: string) => {
      if (!key) return;
      // Read again: another tab may have run queries since this one loaded.
      const next = withRun(read(key), sql, new Date().toISOString());
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage refused (private window): the list lasts for this page.
      }
      setList(next);
    },
    [key],
  );

  return { list, record };
}
