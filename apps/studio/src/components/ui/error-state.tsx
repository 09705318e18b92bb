import { AlertTriangle, RotateCw } from 'lucide-react';
import { isApiError, errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

interface ErrorStateProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  className?: string;
}

/** A failed load inside a page: what went wrong and a way to try again. */
export function ErrorState({ error, title = 'Failed to load', onRetry, className }: ErrorStateProps) {
  const code = isApiError(error) ? error.code : null;
  return (
    <div role="alert" className={cn('flex items-start gap-3 rounded-lg border border-danger/30 bg-danger/5 px-4 py-3.5', className)}>
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-medium text-fg">{title}</p>
        <p className="text-sm text-fg-muted">{errorMessage(error)}</p>
        {code && <p className="font-mono text-xs text-fg-subtle">Error code: {code}</p>}
      </div>
      {onRetry && (
        <Button size="sm" variant="outline" icon={<RotateCw className="size-3.5" />} onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
