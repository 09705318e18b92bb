import { AlertTriangle, Ban, Clock, CornerDownRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { lineAndColumn } from '../../data/sql/statements.ts';
import { formatDuration } from './format.ts';
import type { RunError } from './use-sql-runner.ts';

/** The line an error points at, with a caret under the column, as psql shows it. */
function ErrorLocation({ text, offset }: { text: string; offset: number }) {
  const { line, column } = lineAndColumn(text, offset);
  const lineText = text.split(/\r\n|\r|\n/)[line - 1] ?? '';
  // Long lines are cut around the caret so it stays in view.
  const start = Math.max(0, column - 1 - 60);
  const shown = lineText.slice(start, start + 160);
  const prefix = `LINE ${line}: ${start > 0 ? '…' : ''}`;
  return (
    <pre className="overflow-x-auto rounded-md bg-surface-2 p-2 font-mono text-xs text-fg" data-testid="sql-error-location">
      {prefix}
      {shown}
      {'\n'}
      {' '.repeat(prefix.length + column - 1 - start)}^
    </pre>
  );
}

export function SqlErrorView({ error, onGoToError }: { error: RunError; onGoToError: (offset: number) => void }) {
  if (error.isCancelled) {
    return (
      <div role="status" className="flex items-center gap-2 p-4 text-sm text-fg-muted" data-testid="sql-cancelled">
        <Ban className="size-4" aria-hidden /> {error.message} It ran for {formatDuration(error.durationMs)}.
      </div>
    );
  }
  if (error.isTimeout) {
    return (
      <div role="alert" className="flex items-start gap-2 p-4 text-sm text-warning" data-testid="sql-timeout">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          The query was stopped because it ran longer than the statement time-out ({formatDuration(error.timeoutMs)}). Choose a longer time-out,
          or narrow the query with a WHERE clause or a LIMIT.
        </span>
      </div>
    );
  }
  const hasLocation = error.editorOffset !== undefined && error.editorText !== undefined;
  const where = hasLocation ? lineAndColumn(error.editorText ?? '', error.editorOffset ?? 0) : null;
  return (
    <div role="alert" className="space-y-2 overflow-auto p-4 text-sm" data-testid="sql-error">
      <p className="flex items-start gap-2 font-medium text-danger">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          ERROR: {error.sqlState ? `${error.sqlState}: ` : ''}
          <span data-testid="sql-error-message">{error.message}</span>
        </span>
      </p>
      {hasLocation && <ErrorLocation text={error.editorText ?? ''} offset={error.editorOffset ?? 0} />}
      {error.detail && <p className="text-fg-muted">DETAIL: {error.detail}</p>}
      {error.hint && <p className="text-fg-muted">HINT: {error.hint}</p>}
      {where && (
        <Button size="sm" variant="outline" icon={<CornerDownRight className="size-3.5" />} onClick={() => onGoToError(error.editorOffset ?? 0)}>
          Go to line {where.line}, column {where.column}
        </Button>
      )}
    </div>
  );
}
