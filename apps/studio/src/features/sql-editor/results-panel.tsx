import { useEffect, useState } from 'react';
import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import type { StatementResult } from '../../data/sql/execute-sql.ts';
import { formatDuration, rowsLabel } from './format.ts';
import { ResultsGrid } from './results-grid.tsx';
import { SqlErrorView } from './sql-error-view.tsx';
import type { RunState } from './use-sql-runner.ts';


function resultLabel(result: StatementResult, index: number): string {
  const what = result.command ? `${result.command} · ` : '';
  return `Result ${index + 1} (${what}${rowsLabel(result.rowCount)})`;
}

function Elapsed({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <>{formatDuration(now - startedAt)}</>;
}

/** The bottom half of the editor: rows, plan, error, or what to do next. */
export function ResultsPanel({ state, onGoToError }: { state: RunState; onGoToError: (offset: number) => void }) {
  const [tab, setTab] = useState(0);
  const outcome = state.status === 'success' ? state.outcome : null;
  useEffect(() => setTab(outcome ? outcome.results.length - 1 : 0), [outcome]);

  if (state.status === 'idle') {
    return <p className="p-4 text-sm text-fg-subtle">Click Run or press Ctrl+Enter (Cmd+Enter on a Mac) to run the query. Select part of the text to run only that.</p>;
  }
  if (state.status === 'running') {
    return (
      <div className="flex items-center gap-2 p-4 text-sm text-fg-muted" data-testid="sql-running">
        <Spinner /> {state.mode === 'explain' ? 'Explaining' : 'Running'} query… <Elapsed startedAt={state.startedAt} />
      </div>
    );
  }
  if (state.status === 'error') return <SqlErrorView error={state.error} onGoToError={onGoToError} />;

  const { results, durationMs, limitHit, mode } = state.outcome;
  const result = results[Math.min(tab, results.length - 1)];
  const hasRows = result.fields.length > 0;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="sql-results">
      <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-1 border-b border-line px-3 py-1.5 text-xs text-fg-muted">
        {results.length > 1 && (
          <div role="tablist" aria-label="Statement results" className="flex flex-wrap gap-1">
            {results.map((r, index) => (
              <button
                key={index}
                role="tab"
                aria-selected={index === tab}
                onClick={() => setTab(index)}
                className={cn('rounded px-2 py-0.5', index === tab ? 'bg-surface-3 text-fg' : 'hover:bg-surface-2')}
              >
                {resultLabel(r, index)}
              </button>
            ))}
          </div>
        )}
        <span data-testid="sql-result-summary">
          {mode === 'explain' ? 'Query plan' : rowsLabel(result.rowCount)} · Ran in {formatDuration(durationMs)}
        </span>
      </div>
      {(limitHit !== null || result.isTruncated) && (
        <div role="status" className="flex shrink-0 items-center gap-2 border-b border-warning/30 bg-warning/10 px-3 py-1.5 text-xs text-warning" data-testid="sql-limit-notice">
          <AlertTriangle className="size-3.5 shrink-0" aria-hidden />
          {limitHit !== null
            ? `Showing the first ${limitHit.toLocaleString()} rows: the query returned more. Raise the row limit, or add your own LIMIT, to see others.`
            : `The server stopped after ${result.rows.length.toLocaleString()} rows to keep the studio responsive. Add a LIMIT or a WHERE clause to see the rows you need.`}
        </div>
      )}
      <div className="min-h-0 flex-1">
        {mode === 'explain' ? (
          <pre className="h-full overflow-auto p-3 font-mono text-xs leading-relaxed text-fg" data-testid="sql-explain">
            {result.rows.map((row) => String(Object.values(row)[0] ?? '')).join('\n')}
          </pre>
        ) : hasRows ? (
          result.rows.length > 0 ? (
            <ResultsGrid result={result} />
          ) : (
            <p className="flex items-center gap-2 p-4 text-sm text-fg-muted">
              <Info className="size-4" aria-hidden /> The query returned no rows.
            </p>
          )
        ) : (
          <p className="flex items-center gap-2 p-4 text-sm text-fg-muted">
            <CheckCircle2 className="size-4 text-brand" aria-hidden /> Success. No rows returned
          </p>
        )}
      </div>
    </div>
  );
}
