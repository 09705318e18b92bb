import { AlertTriangle } from 'lucide-react';

/** The server's refusal of a log query (invalid SQL, a relation or function not allowed, a time-out). */
export function QueryError({ error }: { error: { code: string; message: string } }) {
  return (
    <div role="alert" className="flex shrink-0 items-start gap-2 border-t border-danger/30 bg-danger/5 px-3 py-2 text-sm" data-testid="logs-query-error">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
      <div className="min-w-0 space-y-0.5">
        <p className="whitespace-pre-wrap break-words text-fg" data-testid="logs-query-error-message">
          {error.message}
        </p>
        <p className="font-mono text-xs text-fg-subtle">Error code: {error.code}</p>
      </div>
    </div>
  );
}
