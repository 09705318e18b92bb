import type { FunctionTestResult } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { statusTone } from './log-entry-fields.ts';
import { displayBodyOf } from './test-request.ts';

/** The answer of a test invocation: status, time, headers and body (pretty when it is JSON). */
export function TestResponseView({ result }: { result: FunctionTestResult }) {
  const body = displayBodyOf(result);
  const headers = Object.entries(result.headers).sort(([a], [b]) => a.localeCompare(b));
  return (
    <section className="space-y-3" aria-label="Response" data-testid="function-test-response">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-sm font-semibold text-fg">Response</h3>
        <Badge tone={statusTone(result.status)}>
          <span data-testid="function-test-status">{result.status}</span>
        </Badge>
        <span className="text-xs text-fg-muted" data-testid="function-test-duration">
          {Math.round(result.duration_ms)} ms
        </span>
      </div>
      <details className="rounded-md border border-line">
        <summary className="cursor-pointer px-3 py-2 text-xs font-medium text-fg-muted">Headers ({headers.length})</summary>
        <dl className="grid grid-cols-[minmax(0,12rem)_1fr] gap-x-3 gap-y-1 border-t border-line px-3 py-2 font-mono text-xs">
          {headers.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="truncate text-fg-subtle">{name}</dt>
              <dd className="break-all text-fg">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      {body.kind === 'binary' && <p className="text-xs text-fg-muted">The body is not text; it is shown in base64.</p>}
      {result.is_truncated && <p className="text-xs text-warning">The body was longer than 1 MB; only its first megabyte is shown.</p>}
      <pre className="max-h-96 overflow-auto rounded-md border border-line bg-canvas p-3 font-mono text-xs leading-relaxed text-fg" data-testid="function-test-response-body" data-kind={body.kind}>
        {body.text || <span className="text-fg-subtle">(empty body)</span>}
      </pre>
    </section>
  );
}
