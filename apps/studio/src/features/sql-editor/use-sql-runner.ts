import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cancelSql, executeSql, sqlErrorDetails, type SqlErrorDetails, type StatementResult } from '../../data/sql/execute-sql.ts';
import { splitStatements, withRowLimit } from '../../data/sql/statements.ts';
import { newUuid } from '../../data/content/uuid.ts';

export interface RunRequest {
  /** The text to run: the selection, or the whole script. */
  sql: string;
  /** Where `sql` starts in the editor, so error positions point at the editor's text. */
  offset: number;
  mode: 'run' | 'explain';
  /** The editor's whole text when it ran, to show the line an error points at. */
  editorText: string;
  /** 0 for no limit (the server still caps). */
  rowLimit: number;
  timeoutMs: number;
}

export interface RunOutcome {
  mode: 'run' | 'explain';
  results: StatementResult[];
  durationMs: number;
  /** The row limit cut the last result short. */
  limitHit: number | null;
  statementCount: number;
}

export interface RunError extends SqlErrorDetails {
  /** Position of the error in the editor's text, when Postgres gave one. */
  editorOffset?: number;
  editorText?: string;
  durationMs: number;
  timeoutMs: number;
}

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; startedAt: number; mode: 'run' | 'explain' }
  | { status: 'success'; outcome: RunOutcome }
  | { status: 'error'; error: RunError };

const EXPLAIN_PREFIX = 'explain (format text) ';
const READ_ONLY_STATEMENTS = new Set(['SELECT', 'EXPLAIN', 'SHOW', 'VALUES', 'TABLE']);

/**
 * A script that may have changed the database (DDL or rows): the table editor's lists, rows and the
 * editor's own completion would otherwise show the database as it was.
 */
function refreshAfterChanges(queryClient: QueryClient, ref: string, firstWords: string[]): void {
  if (firstWords.every((word) => READ_ONLY_STATEMENTS.has(word))) return;
  for (const area of ['entities', 'table-rows', 'tables', 'schemas', 'sql']) {
    void queryClient.invalidateQueries({ queryKey: ['projects', ref, area] });
  }
}

/**
 * Runs SQL against the project and keeps the latest outcome. Cancel aborts the request at once and
 * asks the server to cancel the backend query, so a query running for minutes really stops.
 */
export function useSqlRunner(ref: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const current = useRef<{ controller: AbortController; queryId: string; startedAt: number } | null>(null);

  useEffect(() => () => current.current?.controller.abort(), []);

  const run = useCallback(
    async (request: RunRequest) => {
      current.current?.controller.abort();
      const controller = new AbortController();
      const queryId = newUuid();
      const startedAt = performance.now();
      current.current = { controller, queryId, startedAt };
      setState({ status: 'running', startedAt, mode: request.mode });

      const statements = splitStatements(request.sql);
      const prefix = request.mode === 'explain' ? EXPLAIN_PREFIX : '';
      const limited = request.mode === 'run' && request.rowLimit > 0 ? withRowLimit(request.sql, statements, request.rowLimit) : { sql: request.sql, isLimited: false };
      try {
        const results = await executeSql(ref, prefix + limited.sql, {
          signal: controller.signal,
          queryId,
          maxRows: request.rowLimit > 0 ? request.rowLimit + 1 : undefined,
          statementTimeoutMs: request.timeoutMs,
          allResults: true,
        });
        if (current.current?.queryId !== queryId) return;
        let limitHit: number | null = null;
        const last = results.at(-1);
        if (last && request.rowLimit > 0 && last.rows.length > request.rowLimit) {
          results[results.length - 1] = { ...last, rows: last.rows.slice(0, request.rowLimit), rowCount: request.rowLimit };
          limitHit = request.rowLimit;
        }
        if (request.mode === 'run') refreshAfterChanges(queryClient, ref, statements.map((statement) => statement.words[0] ?? ''));
        setState({
          status: 'success',
          outcome: { mode: request.mode, results, durationMs: performance.now() - startedAt, limitHit, statementCount: statements.length },
        });
      } catch (error) {
        if (current.current?.queryId !== queryId) return;
        const details = sqlErrorDetails(error);
        const inRequest = details.offset === undefined ? undefined : details.offset - prefix.length;
        setState({
          status: 'error',
          error: {
            ...details,
            editorOffset: inRequest !== undefined && inRequest >= 0 && inRequest <= request.sql.length ? request.offset + inRequest : undefined,
            editorText: request.editorText,
            durationMs: performance.now() - startedAt,
            timeoutMs: request.timeoutMs,
          },
        });
      } finally {
        if (current.current?.queryId === queryId) current.current = null;
      }
    },
    [ref, queryClient],
  );

  const cancel = useCallback(() => {
    const running = current.current;
    if (!running) return;
    current.current = null;
    running.controller.abort();
    setState({
      status: 'error',
      error: { message: 'The query was cancelled.', isCancelled: true, isTimeout: false, durationMs: performance.now() - running.startedAt, timeoutMs: 0 },
    });
    // The fetch is gone either way; the server side is stopped if the platform supports it.
    void cancelSql(ref, running.queryId).catch(() => undefined);
  }, [ref]);

  return { state, run, cancel };
}
