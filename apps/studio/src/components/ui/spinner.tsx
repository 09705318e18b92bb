import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return <Loader2 role="status" aria-label={label} className={cn('size-4 animate-spin text-fg-muted', className)} />;
}

/** A centred loader for a whole area. */
export function LoadingArea({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div className={cn('flex h-full min-h-48 w-full items-center justify-center', className)}>
      <Spinner className="size-6" label={label} />
    </div>
  );
}
