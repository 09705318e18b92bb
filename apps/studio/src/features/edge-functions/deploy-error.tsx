import { AlertTriangle } from 'lucide-react';
import { errorMessage, isApiError } from '../../lib/api.ts';

/**
 * A refused deploy, with the server's message as it is: Deno's syntax and type errors carry the
 * file, line and column, and rewording them would lose that.
 */
export function DeployError({ error }: { error: unknown }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-danger/30 bg-danger/5 px-4 py-3" data-testid="function-deploy-error">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-medium text-fg">Failed to deploy the function</p>
        <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words font-mono text-xs text-fg-muted">{errorMessage(error)}</pre>
        {isApiError(error) && <p className="font-mono text-xs text-fg-subtle">Error code: {error.code}</p>}
      </div>
    </div>
  );
}
